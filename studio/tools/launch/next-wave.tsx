import { useState } from 'react'
import { Box, Button, Card, Dialog, Flex, Label, Stack, Text, TextInput } from '@sanity/ui'
import { MAX_WAVE, type LaunchApi, type WavePreview } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { LoadError } from './load-error.tsx'
import { useAction } from './use-action.ts'
import { useSessionId } from './session-id.ts'
import { Table } from './overview.tsx'

const copy = launchCopy.invites

/** A count the site takes: a whole number from 1 to MAX_WAVE; none otherwise. */
function countOf(typed: string): number | undefined {
  const count = Number(typed)
  return typed.trim() !== '' && Number.isInteger(count) && count >= 1 && count <= MAX_WAVE ? count : undefined
}

/** The id of the wave to send next (session-id.ts): a reload keeps the same wave. */
const NEXT_WAVE_KEY = 'pulso.launch.nextWave'

/** The next wave: how many, who they are, and the send, after asking. `onSent` reads the waves again. */
export function NextWave({ api, onSent }: { api: LaunchApi; onSent: () => Promise<unknown> }) {
  const [typed, setTyped] = useState('50')
  // Asked for by a button, never refreshed on its own: each preview is an audited read of people.
  const [preview, setPreview] = useState<WavePreview | undefined>()
  // Kept from the preview until the site has the wave, so a double click or a retry after an error
  // sends the same wave again, which the site sends only once; a new one once a wave is sent.
  const [waveId, setWaveId] = useSessionId(NEXT_WAVE_KEY)
  const [confirming, setConfirming] = useState(false)
  const { busy, outcome, setOutcome, failure, act } = useAction()
  const count = countOf(typed)
  const shown = preview?.people.length ?? 0

  const show = (wanted: number) => act(async () => setPreview(await api.nextInvitees(wanted)))
  const send = async () => {
    setConfirming(false)
    await act(async () => {
      const { wave, repeated } = await api.sendWave(waveId, shown)
      setOutcome(repeated ? copy.repeated : copy.sent(wave.invited))
      setPreview(undefined)
      setWaveId(crypto.randomUUID())
    })
    // Even after an error: the site may have sent the wave before the answer was lost.
    await onSent()
  }

  return (
    <Stack gap={3}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (count !== undefined) void show(count)
        }}
      >
        <Flex gap={3} align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Label as="label" htmlFor="wave-count">
              {copy.count}
            </Label>
            <TextInput
              id="wave-count"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_WAVE}
              step={1}
              value={typed}
              // Held while a call runs, so the answer on screen is the one for the count typed.
              disabled={busy}
              aria-describedby="wave-count-hint"
              onChange={(event) => {
                setTyped(event.currentTarget.value)
                // What is sent must be what was seen: another count is shown again first.
                setPreview(undefined)
              }}
            />
          </Stack>
          <Button type="submit" text={copy.show} mode="ghost" disabled={count === undefined || busy} />
        </Flex>
        <Box paddingTop={2}>
          <Text id="wave-count-hint" size={1} muted>
            {copy.countHint}
          </Text>
        </Box>
      </form>
      {failure ? <LoadError error={failure} /> : null}
      {outcome ? (
        <Card tone="positive" padding={3} radius={2} role="status">
          <Text>{outcome}</Text>
        </Card>
      ) : null}
      {preview ? (
        <Stack gap={3}>
          <Text size={1} muted>
            {copy.waiting(preview.waiting)}
          </Text>
          <Table
            label={copy.next}
            head={Object.values(copy.columns)}
            rows={preview.people.map((person) => [
              person.name ?? '—',
              person.email,
              person.role,
              person.locale,
              person.createdAt.slice(0, 10),
              person.confirmedAt.slice(0, 10),
            ])}
          />
          {shown === 0 ? (
            <Text size={1} muted>
              {copy.nobody}
            </Text>
          ) : (
            <Box>
              <Button text={copy.send(shown)} disabled={busy} onClick={() => setConfirming(true)} />
            </Box>
          )}
        </Stack>
      ) : null}
      {confirming ? (
        <Dialog id="send-wave" header={copy.sendTitle(shown)} onClose={() => setConfirming(false)} width={1}>
          <Stack gap={4} padding={4}>
            <Text>{copy.sendBody}</Text>
            <Flex gap={2} justify="flex-end">
              <Button text={launchCopy.cancel} mode="ghost" onClick={() => setConfirming(false)} />
              <Button text={copy.sendConfirm} disabled={busy} onClick={send} />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
    </Stack>
  )
}
