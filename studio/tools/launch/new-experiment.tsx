import { useState, type ReactNode } from 'react'
import { Button, Card, Flex, Heading, Select, Stack, Text, TextArea, TextInput } from '@sanity/ui'
import { DEFAULT_PLANNED_EXPOSURES, MAX_VARIANTS, MIN_PLANNED_EXPOSURES, VARIANT_IDS } from '../../../schemas/experiments.ts'
import type { FieldState } from './launch-api.ts'
import type { ContentWriter } from './content-writer.tsx'
import { createExperiment, newExperimentId, type LocalizedText } from './experiment-writes.ts'
import { experimentsCopy as copy } from './experiments-copy.ts'

const empty = (): LocalizedText => ({ pt: '', en: '' })

/** A new experiment on a field that holds none: its name and up to four variants, each in both languages. */
export function NewExperiment({
  fields,
  writer,
  onCreated,
}: {
  fields: FieldState[]
  writer: ContentWriter
  onCreated: () => void
}) {
  const free = fields.filter((field) => !field.experimentId)
  const [key, setKey] = useState('')
  const [title, setTitle] = useState('')
  const [variants, setVariants] = useState<LocalizedText[]>([empty()])
  const [planned, setPlanned] = useState(String(DEFAULT_PLANNED_EXPOSURES))
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false })
  const field = free.find((candidate) => `${candidate.document}.${candidate.path}` === key) ?? free[0]
  if (!field) return <Text muted>{copy.noFreeField}</Text>

  const problem = (() => {
    if (!title.trim() || variants.some((v) => !v.pt.trim() || !v.en.trim())) return copy.required
    if (variants.some((v) => v.pt.length > field.max || v.en.length > field.max)) return copy.tooLong(field.max)
    return undefined
  })()
  const Input = field.paragraph ? TextArea : TextInput
  const edit = (index: number, locale: keyof LocalizedText, text: string) =>
    setVariants(variants.map((variant, i) => (i === index ? { ...variant, [locale]: text } : variant)))

  async function create() {
    if (!field || problem) return setState({ busy: false, message: problem })
    setState({ busy: true })
    try {
      const plannedExposures = Math.max(MIN_PLANNED_EXPOSURES, Math.round(Number(planned)) || DEFAULT_PLANNED_EXPOSURES)
      await writer.mutate(createExperiment(newExperimentId(), { field, title, variants, plannedExposures }))
      setTitle('')
      setVariants([empty()])
      setState({ busy: false, message: copy.created })
      onCreated()
    } catch (error) {
      setState({ busy: false, message: error instanceof Error ? error.message : String(error) })
    }
  }

  return (
    <Card border radius={2} padding={4}>
      <Stack gap={4} as="form" onSubmit={(event) => (event.preventDefault(), void create())}>
        <Heading as="h2" size={1}>
          {copy.newTitle}
        </Heading>
        <Labelled id="experiment-field" label={copy.field}>
          <Select id="experiment-field" value={`${field.document}.${field.path}`} onChange={(e) => setKey(e.currentTarget.value)}>
            {free.map((candidate) => (
              <option key={`${candidate.document}.${candidate.path}`} value={`${candidate.document}.${candidate.path}`}>
                {candidate.title}
              </option>
            ))}
          </Select>
          <Text size={1} muted>
            {field.default.pt} / {field.default.en}
          </Text>
        </Labelled>
        <Labelled id="experiment-name" label={copy.name}>
          <TextInput
            id="experiment-name"
            value={title}
            placeholder={copy.namePlaceholder}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </Labelled>
        {variants.map((variant, index) => {
          const id = VARIANT_IDS[index] ?? String(index)
          return (
            <Flex key={id} gap={3} wrap="wrap">
              {(['pt', 'en'] as const).map((locale) => (
                <Labelled
                  key={locale}
                  id={`variant-${id}-${locale}`}
                  label={`${copy.variant(id)} (${locale === 'pt' ? copy.portuguese : copy.english})`}
                  wide
                >
                  <Input
                    id={`variant-${id}-${locale}`}
                    value={variant[locale]}
                    onChange={(e) => edit(index, locale, e.currentTarget.value)}
                  />
                </Labelled>
              ))}
            </Flex>
          )
        })}
        <Flex gap={2}>
          <Button
            text={copy.addVariant}
            mode="ghost"
            disabled={variants.length >= MAX_VARIANTS}
            onClick={() => setVariants([...variants, empty()])}
          />
          <Button
            text={copy.removeVariant}
            mode="ghost"
            disabled={variants.length <= 1}
            onClick={() => setVariants(variants.slice(0, -1))}
          />
        </Flex>
        <Labelled id="experiment-planned" label={copy.planned}>
          <TextInput
            id="experiment-planned"
            inputMode="numeric"
            value={planned}
            onChange={(e) => setPlanned(e.currentTarget.value)}
          />
        </Labelled>
        <Flex gap={3} align="center">
          <Button type="submit" text={copy.create} disabled={state.busy} />
          {state.message ? (
            <Text size={1} role="status">
              {state.message}
            </Text>
          ) : null}
        </Flex>
      </Stack>
    </Card>
  )
}

/** An input under its label (`id` is the input's). */
function Labelled({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Stack gap={2} flex={wide ? 1 : undefined} style={wide ? { minWidth: 240 } : { maxWidth: 480 }}>
      <Text as="label" htmlFor={id} size={1} weight="semibold">
        {label}
      </Text>
      {children}
    </Stack>
  )
}
