import { useState } from 'react'
import { Box, Button, Card, Dialog, Flex, Label, Select, Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi, RenderedUpdate, UpdateChoices, UpdateFilter } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { LoadError } from './load-error.tsx'
import { useSessionId } from './session-id.ts'
import { Choices, Field } from './update-fields.tsx'
import { useAction } from './use-action.ts'
import { updatesCopy as copy } from './updates-copy.ts'

type Locale = keyof typeof copy.locales
type State = keyof typeof copy.stateNames

/** The id of the update to send next (session-id.ts): a reload after a Send whose answer was lost keeps it. */
const NEXT_UPDATE_KEY = 'pulso.launch.nextUpdate'

/** The typed list of a comma-separated field: its values trimmed, empty ones left out. */
const listOf = (typed: string) =>
  typed
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)

/** The filter as the site takes it: a key only when it narrows something. */
function filterOf(locales: Locale[], states: State[], sources: string, campaigns: string, pages: string[]): UpdateFilter {
  return {
    ...(locales.length > 0 ? { locales } : {}),
    ...(states.length > 0 ? { states } : {}),
    ...(listOf(sources).length > 0 ? { sources: listOf(sources) } : {}),
    ...(listOf(campaigns).length > 0 ? { campaigns: listOf(campaigns) } : {}),
    ...(pages.length > 0 ? { pages } : {}),
  }
}

/** Ticks one value in or out of a list. */
const toggled = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value])

/** Words in the operator's language (the tool's copy is English), else Portuguese, else the document's id. */
const wordsIn = (words: Partial<Record<Locale, string>>, id: string) => words.en ?? words.pt ?? id

/** A send the operator is asked to confirm: how many, and when (undefined: now). */
interface Asked {
  total: number
  at: Date | undefined
}

/**
 * A new update: its document (picked from the published ones) and filter, the count (after which
 * Send sends the people counted, once however often it is clicked, under the id this tab keeps), the
 * preview in both languages with a real reader's values, a test to the operator's own address, and
 * Send, now or at a time, after a confirmation naming the count. `onSent` reads the updates again.
 */
export function NewUpdate({ api, onSent }: { api: LaunchApi; onSent: () => Promise<unknown> }) {
  // The published updates and the pages served: content, no one's data; read once the tab opens.
  const choices = useSWR('update-choices', () => api.updateChoices())
  const [documentId, setDocumentId] = useState('')
  const [locales, setLocales] = useState<Locale[]>([])
  const [states, setStates] = useState<State[]>([])
  const [sources, setSources] = useState('')
  const [campaigns, setCampaigns] = useState('')
  const [pages, setPages] = useState<string[]>([])
  const [counted, setCounted] = useState<{ total: number; pt: number; en: number } | undefined>()
  // Kept until the site has the update, so a double click, a retry or a reload sends it only once.
  const [updateId, setUpdateId] = useSessionId(NEXT_UPDATE_KEY)
  const [preview, setPreview] = useState<Record<Locale, RenderedUpdate> | undefined>()
  const [testTo, setTestTo] = useState('')
  const [sendAt, setSendAt] = useState('')
  const [asked, setAsked] = useState<Asked | undefined>()
  const { busy, outcome, setOutcome, failure, act } = useAction()
  const filter = filterOf(locales, states, sources, campaigns, pages)
  const documents = choices.data?.documents ?? []
  const subject = wordsIn(documents.find((document) => document.id === documentId)?.subject ?? {}, documentId)

  /** What is sent must be what was counted: any change of document or filter counts again first. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setCounted(undefined)
      setPreview(undefined)
    }
  const count = () => act(async () => setCounted(await api.countUpdate(filter)))
  const showPreview = () => act(async () => setPreview(await api.previewUpdate(documentId, filter)))
  const test = () =>
    act(async () => {
      await api.testUpdate(documentId, testTo)
      setOutcome(copy.tested(testTo))
    })
  /** Asks before sending, with the time read first: a time it cannot read is said before anything is asked. */
  const ask = () =>
    act(async () => {
      if (!counted) return
      // Typed in the operator's own time; a datetime-local field would hold the keyboard in its parts.
      const at = sendAt.trim() ? new Date(sendAt.trim().replace(' ', 'T')) : undefined
      if (at && Number.isNaN(at.getTime())) throw new Error(copy.badTime)
      setAsked({ total: counted.total, at })
    })
  const send = async ({ at }: Asked) => {
    setAsked(undefined)
    await act(async () => {
      const when = at ? { sendAt: at.toISOString() } : {}
      const { update, repeated } = await api.sendUpdate({ id: updateId, documentId, filter, ...when })
      setOutcome(repeated ? copy.repeated : copy.sent(update.recipients))
      setCounted(undefined)
      setUpdateId(crypto.randomUUID())
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
        <Select
          id="update-document"
          value={documentId}
          aria-describedby="update-document-hint"
          onChange={(event) => changed(setDocumentId)(event.currentTarget.value)}
        >
          <option value="">{copy.chooseDocument}</option>
          {documents.map((document) => (
            <option key={document.id} value={document.id}>
              {copy.documentOption(wordsIn(document.subject, document.id), document.id)}
            </option>
          ))}
        </Select>
        <Text id="update-document-hint" size={1} muted>
          {choices.data && documents.length === 0 ? copy.noDocuments : copy.documentHint}
        </Text>
        {choices.error ? <LoadError error={choices.error} /> : null}
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
      {choices.data && choices.data.pages.length > 0 ? (
        <Choices
          legend={copy.pages}
          names={pageNames(choices.data.pages)}
          chosen={pages}
          onToggle={(v) => changed(setPages)(toggled(pages, v))}
        />
      ) : null}
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
          text={counted ? (sendAt.trim() ? copy.schedule(counted.total) : copy.send(counted.total)) : copy.countFirst}
          tone="primary"
          disabled={busy || !counted || !documentId}
          onClick={ask}
        />
      </Flex>
      {asked ? (
        <Dialog
          id="send-update"
          header={asked.at ? copy.scheduleTitle(asked.total, asked.at) : copy.sendTitle(asked.total)}
          onClose={() => setAsked(undefined)}
          width={1}
        >
          <Stack gap={4} padding={4}>
            <Text>{copy.sendBody(subject)}</Text>
            <Flex gap={2} justify="flex-end">
              <Button text={launchCopy.cancel} mode="ghost" onClick={() => setAsked(undefined)} />
              <Button
                text={asked.at ? copy.scheduleConfirm : copy.sendConfirm}
                tone="primary"
                disabled={busy}
                onClick={() => send(asked)}
              />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
    </Stack>
  )
}

/** The pages by id, each named by its title as the Overview's page filter names it. */
function pageNames(pages: UpdateChoices['pages']): Record<string, string> {
  return Object.fromEntries(pages.map((page) => [page.id, wordsIn(page.title, page.id)]))
}
