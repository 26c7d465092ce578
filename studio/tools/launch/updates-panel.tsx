import { useState } from 'react'
import { Button, Card, Flex, Heading, Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi, Update } from './launch-api.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { NewUpdate } from './new-update.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'
import { ResendUnconfirmed } from './resend-unconfirmed.tsx'
import { updatesCopy as copy } from './updates-copy.ts'

/**
 * Updates to the waitlist (docs/decisions/0070-updates.md): a new one counted, previewed, tested and
 * sent; the ones sent with their progress, each paused or resumed while it sends, and its unconfirmed
 * messages sent again (docs/decisions/0091-update-messages-unconfirmed.md).
 */
export function UpdatesPanel({ api }: { api: LaunchApi }) {
  // Counts only: read again while the tab is open, as the waves are.
  const { data, error, mutate } = useSWR('updates', () => api.updates(), { refreshInterval: REFRESH_MS })
  const [failure, setFailure] = useState<unknown>()
  const [notice, setNotice] = useState<string>()

  const pause = async (update: Update, paused: boolean) => {
    setFailure(undefined)
    setNotice(undefined)
    try {
      await api.pauseUpdate(update.id, paused)
    } catch (caught) {
      setFailure(caught)
    }
    await mutate()
  }

  return (
    <Stack gap={5}>
      <Text size={1} muted>
        {copy.intro}
      </Text>
      <NewUpdate api={api} onSent={() => mutate()} />
      <Heading as="h2" size={1}>
        {copy.list}
      </Heading>
      {error ? <LoadError error={error} /> : null}
      {failure ? <LoadError error={failure} /> : null}
      {notice ? (
        <Card tone="positive" padding={3} radius={2} role="status">
          <Text>{notice}</Text>
        </Card>
      ) : null}
      <Table
        label={copy.list}
        head={Object.values(copy.columns)}
        rows={(data?.updates ?? []).map((update) => [
          update.documentId,
          copy.stateOf[update.state],
          moment(update.sendAt),
          [update.sent, update.queued, update.deferred, update.failed, update.bounced, update.removed].join(' / '),
          update.unconfirmed,
          update.state === 'sent' && update.unconfirmed === 0 ? (
            '—'
          ) : (
            <Flex key="actions" gap={2} wrap="wrap">
              {update.state === 'sent' ? null : (
                <Button
                  mode="ghost"
                  text={update.state === 'paused' ? copy.resume : copy.pause}
                  aria-label={`${update.state === 'paused' ? copy.resume : copy.pause}: ${update.documentId}, ${moment(update.createdAt)}`}
                  onClick={() => pause(update, update.state !== 'paused')}
                />
              )}
              {update.unconfirmed > 0 ? (
                <ResendUnconfirmed
                  api={api}
                  update={update}
                  onDone={(queued) => {
                    setFailure(undefined)
                    setNotice(copy.resent(queued))
                    return mutate()
                  }}
                  onFailure={(caught) => {
                    setNotice(undefined)
                    setFailure(caught)
                  }}
                />
              ) : null}
            </Flex>
          ),
        ])}
      />
      {data?.updates.some((update) => update.unconfirmed > 0) ? (
        <Text size={1} muted>
          {copy.unconfirmedNote}
        </Text>
      ) : null}
      {data && data.updates.length === 0 ? (
        <Text size={1} muted>
          {copy.none}
        </Text>
      ) : null}
    </Stack>
  )
}
