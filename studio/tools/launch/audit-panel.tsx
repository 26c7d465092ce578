import { Stack } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'

/** Who opened the tool and read, exported or erased personal data, and when: never what they saw. */
export function AuditPanel({ api }: { api: LaunchApi }) {
  const { data, error } = useSWR('audit', () => api.audit(), { refreshInterval: REFRESH_MS })
  if (error) return <LoadError error={error} />
  return (
    <Stack gap={3}>
      <Table
        label={copy.audit}
        head={[copy.auditColumns.when, copy.auditColumns.who, copy.auditColumns.what]}
        rows={(data?.entries ?? []).map((entry) => [
          moment(entry.at),
          entry.actor,
          copy.auditActions[entry.action] ?? entry.action,
        ])}
      />
    </Stack>
  )
}
