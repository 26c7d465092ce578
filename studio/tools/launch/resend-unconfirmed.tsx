import { useState } from 'react'
import { Button, Dialog, Flex, Stack, Text } from '@sanity/ui'
import type { LaunchApi, Update } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { moment } from './launch-dates.ts'
import { updatesCopy as copy } from './updates-copy.ts'

/**
 * "Send again to the N unconfirmed" of one update (docs/decisions/0091-update-messages-unconfirmed.md),
 * after a confirmation that says plainly some may get it twice. `onDone` says how many were queued.
 */
export function ResendUnconfirmed({
  api,
  update,
  onDone,
  onFailure,
}: {
  api: LaunchApi
  update: Update
  onDone: (queued: number) => Promise<unknown>
  onFailure: (failure: unknown) => void
}) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)

  const resend = async () => {
    setBusy(true)
    try {
      const { queued } = await api.resendUnconfirmed(update.id)
      setAsking(false)
      await onDone(queued)
    } catch (caught) {
      setAsking(false)
      onFailure(caught)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button
        mode="ghost"
        tone="caution"
        text={copy.resend(update.unconfirmed)}
        aria-label={`${copy.resend(update.unconfirmed)}: ${update.documentId}, ${moment(update.createdAt)}`}
        disabled={busy}
        onClick={() => setAsking(true)}
      />
      {asking ? (
        <Dialog
          id={`resend-unconfirmed-${update.id}`}
          header={copy.resendTitle(update.unconfirmed)}
          onClose={() => setAsking(false)}
          width={1}
        >
          <Stack gap={4} padding={4}>
            <Text>{copy.resendBody}</Text>
            <Flex gap={2} justify="flex-end">
              <Button text={launchCopy.cancel} mode="ghost" onClick={() => setAsking(false)} />
              <Button text={copy.resendConfirm} tone="caution" disabled={busy} onClick={resend} />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
    </>
  )
}
