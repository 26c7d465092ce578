import { useState } from 'react'
import { Box, Button, Card, Checkbox, Flex, Label, Stack, Text, TextInput } from '@sanity/ui'
import type { LaunchApi, RenderedUpdate, UpdateFilter } from './launch-api.ts'
import { LoadError } from './load-error.tsx'
import { useAction } from './use-action.ts'
import { updatesCopy as copy } from './updates-copy.ts'

type Locale = keyof typeof copy.locales
type State = keyof typeof copy.stateNames

/** The typed list of a comma-separated field: its values trimmed, empty ones left out. */
const listOf = (typed: string) =>
  typed
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)

/** The filter as the site takes it: a key only when it narrows something. */
function filterOf(locales: Locale[], states: State[], sources: string, campaigns: string): UpdateFilter {
  return {
    ...(locales.length > 0 ? { locales } : {}),
    ...(states.length > 0 ? { states } : {}),
    ...(listOf(sources).length > 0 ? { sources: listOf(sources) } : {}),
    ...(listOf(campaigns).length > 0 ? { campaigns: listOf(campaigns) } : {}),
  }
}

/** Ticks one value in or out of a list. */
const toggled = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value])

/**
 * A new update: its document and filter, the count (which makes the update's id: Send sends the
 * people counted, once however often it is clicked), the preview in both languages with a real
 * reader's values, a test to the operator's own address, and Send, now or at a time. `onSent` reads
 * the updates again.
 */
export function NewUpdate({ api, onSent }: { api: LaunchApi; onSent: () => Promise<unknown> }) {
  const [documentId, setDocumentId] = useState('')
  const [locales, setLocales] = useState<Locale[]>([])
  const [states, setStates] = useState<State[]>([])
  const [sources, setSources] = useState('')
  const [campaigns, setCampaigns] = useState('')
  const [counted, setCounted] = useState<{ id: string; total: number; pt: number; en: number } | undefined>()
  const [preview, setPreview] = useState<Record<Locale, RenderedUpdate> | undefined>()
  const [testTo, setTestTo] = useState('')
  const [sendAt, setSendAt] = useState('')
  const { busy, outcome, setOutcome, failure, act } = useAction()
  const filter = filterOf(locales, states, sources, campaigns)

  /** What is sent must be what was counted: any change of document or filter counts again first. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setCounted(undefined)
      setPreview(undefined)
    }
  const count = () => act(async () => setCounted({ id: crypto.randomUUID(), ...(await api.countUpdate(filter)) }))
  const showPreview = () => act(async () => setPreview(await api.previewUpdate(documentId, filter)))
  const test = () =>
    act(async () => {
      await api.testUpdate(documentId, testTo)
      setOutcome(copy.tested(testTo))
    })
  const send = async () => {
    if (!counted) return
    await act(async () => {
      // Typed in the operator's own time; a datetime-local field would hold the keyboard in its parts.
      const at = sendAt.trim() ? new Date(sendAt.trim().replace(' ', 'T')) : undefined
      if (at && Number.isNaN(at.getTime())) throw new Error(copy.badTime)
      const when = at ? { sendAt: at.toISOString() } : {}
      const { update } = await api.sendUpdate({ id: counted.id, documentId, filter, ...when })
      setOutcome(copy.sent(update.recipients))
      setCounted(undefined)
    })
    // Even after an error: the site may have frozen it before the answer was lost.
    await onSent()
  }

  return (
    <Stack gap={4}>
      <Stack gap={2}>
        <Label as="label" htmlFor="update-document">
          {copy.document}
        </Label>
        <TextInput
          id="update-document"
          value={documentId}
          aria-describedby="update-document-hint"
          onChange={(event) => changed(setDocumentId)(event.currentTarget.value.trim())}
        />
        <Text id="update-document-hint" size={1} muted>
          {copy.documentHint}
        </Text>
      </Stack>
      <Flex gap={5} wrap="wrap">
        <Choices
          legend={copy.languages}
          names={copy.locales}
          chosen={locales}
          onToggle={(v) => changed(setLocales)(toggled(locales, v))}
        />
        <Choices
          legend={copy.states}
          names={copy.stateNames}
          chosen={states}
          onToggle={(v) => changed(setStates)(toggled(states, v))}
        />
      </Flex>
      <Flex gap={3} wrap="wrap">
        <Field id="update-sources" label={copy.sources} value={sources} onChange={changed(setSources)} />
        <Field id="update-campaigns" label={copy.campaigns} value={campaigns} onChange={changed(setCampaigns)} />
      </Flex>
      <Flex gap={3} wrap="wrap">
        <Button text={copy.count} mode="ghost" disabled={busy} onClick={count} />
        <Button text={copy.preview} mode="ghost" disabled={busy || !documentId} onClick={showPreview} />
      </Flex>
      {counted ? (
        <Text role="status" weight="semibold">
          {copy.counted(counted.total, counted.pt, counted.en)}
        </Text>
      ) : null}
      {failure ? <LoadError error={failure} /> : null}
      {outcome ? (
        <Card tone="positive" padding={3} radius={2} role="status">
          <Text>{outcome}</Text>
        </Card>
      ) : null}
      {preview ? (
        <Flex gap={3} wrap="wrap">
          {(Object.keys(copy.locales) as Locale[]).map((locale) => (
            <Box key={locale} flex={1} style={{ minWidth: 320 }}>
              <Stack gap={2}>
                <Text weight="semibold">{preview[locale].subject}</Text>
                {/* The message as readers get it, with no script and no access to the Studio (an empty sandbox). */}
                <iframe
                  title={copy.previewOf(copy.locales[locale])}
                  sandbox=""
                  srcDoc={preview[locale].html}
                  style={{ width: '100%', height: 480, border: '1px solid #e2e8f0', borderRadius: 8 }}
                />
              </Stack>
            </Box>
          ))}
        </Flex>
      ) : null}
      <Flex gap={3} align="flex-end" wrap="wrap">
        <Field id="update-test-to" label={copy.testTo} type="email" value={testTo} onChange={setTestTo} />
        <Button text={copy.test} mode="ghost" disabled={busy || !documentId || !testTo} onClick={test} />
      </Flex>
      <Flex gap={3} align="flex-end" wrap="wrap">
        <Field id="update-send-at" label={copy.sendAt} value={sendAt} onChange={setSendAt} />
        <Button
          text={counted ? copy.send(counted.total) : copy.countFirst}
          tone="primary"
          disabled={busy || !counted || !documentId}
          onClick={send}
        />
      </Flex>
    </Stack>
  )
}

function Choices<Value extends string>({
  legend,
  names,
  chosen,
  onToggle,
}: {
  legend: string
  names: Record<Value, string>
  chosen: Value[]
  onToggle: (value: Value) => void
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text size={1} weight="semibold">
          {legend}
        </Text>
      </legend>
      <Flex gap={3} paddingTop={2}>
        {(Object.keys(names) as Value[]).map((value) => (
          <Flex key={value} as="label" gap={2} align="center">
            <Checkbox checked={chosen.includes(value)} onChange={() => onToggle(value)} />
            <Text size={1}>{names[value]}</Text>
          </Flex>
        ))}
      </Flex>
    </fieldset>
  )
}

function Field({
  id,
  label,
  value,
  onChange,
  type = 'text',
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'email'
}) {
  return (
    <Stack gap={2}>
      <Label as="label" htmlFor={id}>
        {label}
      </Label>
      <TextInput id={id} type={type} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </Stack>
  )
}
