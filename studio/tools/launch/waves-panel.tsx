import { useState } from 'react'
import { Button, Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { NextWave } from './next-wave.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'
import { WavePeople } from './wave-people.tsx'

const copy = launchCopy.invites

/** Invite waves: the next one shown and sent; those sent, with how many came in; the people of one. */
export function WavesPanel({ api }: { api: LaunchApi }) {
  // Counts only, nothing personal: read again as activations and mail come in.
  const { data, error, mutate } = useSWR('waves', () => api.waves(), { refreshInterval: REFRESH_MS })
  const [shown, setShown] = useState<string | undefined>()
  const shownWave = data?.waves.find((wave) => wave.id === shown)

  return (
    <Stack gap={4}>
      <Text size={1} muted>
        {copy.intro}
      </Text>
      <NextWave api={api} onSent={() => mutate()} />
      {error ? <LoadError error={error} /> : null}
      <Table
        label={copy.waves}
        head={Object.values(copy.waveColumns)}
        rows={(data?.waves ?? []).map((wave) => [
          moment(wave.createdAt),
          wave.createdBy,
          String(wave.requested),
          String(wave.invited),
          copy.activatedOf(wave.activated, wave.invited),
          `${wave.mail.sent} / ${wave.mail.pending} / ${wave.mail.failed}`,
          <Button
            key="people"
            text={copy.showPeople}
            mode="bleed"
            aria-label={`${copy.showPeople}: ${copy.wave(moment(wave.createdAt))}`}
            onClick={() => setShown(wave.id)}
          />,
        ])}
      />
      {data && data.waves.length === 0 ? (
        <Text size={1} muted>
          {copy.none}
        </Text>
      ) : null}
      {shownWave ? <WavePeople api={api} wave={shownWave} onActivated={() => mutate()} /> : null}
    </Stack>
  )
}
