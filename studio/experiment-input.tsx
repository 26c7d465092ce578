import { useEffect, useState } from 'react'
import { Button, Card, Flex, Select, Stack, Text } from '@sanity/ui'
import { set, unset, useDocumentStore, type InputProps, type ObjectInputProps, type PatchEvent, type FormPatch } from 'sanity'
import { EXPERIMENT_TYPE, variantEntry } from '../schemas/experiments'
import { STUDIO_API_VERSION } from './api-version.ts'

/** The experiments a field can take: drafts (a running one is attached by the Launch tool or was already). */
const DRAFTS = `*[_type == "${EXPERIMENT_TYPE}" && status == "draft"] | order(_createdAt desc){ _id, title, "variants": variants[].variantId }`

export interface DraftExperiment {
  _id: string
  title: string | null
  variants: (string | null)[] | null
}

interface Attached {
  experimentId?: string
  variants?: unknown[]
}

/**
 * The patches that attach `experiment` to a field with variants: its id, and one variant per id of
 * the experiment, each with an empty text in both languages for the editor to write
 * (@sanity/personalization-plugin's shape, docs/decisions/0046-copy-experiments.md).
 */
export function attachPatches(experiment: DraftExperiment, paragraph: boolean): FormPatch[] {
  const ids = (experiment.variants ?? []).filter((id): id is string => Boolean(id))
  return [
    set(experiment._id, ['experimentId']),
    set(
      ids.map((variantId) => variantEntry({ paragraph }, experiment._id, variantId)),
      ['variants'],
    ),
  ]
}

export const detachPatches = (): FormPatch[] => [unset(['experimentId']), unset(['variants'])]

/** Attach a draft experiment to the field, or take its variants off. */
export function ExperimentAttach({
  value,
  experiments,
  paragraph,
  onChange,
}: {
  value: Attached | undefined
  experiments: DraftExperiment[]
  paragraph: boolean
  onChange: (patches: FormPatch[]) => void
}) {
  const [chosen, setChosen] = useState('')
  if (value?.experimentId) {
    return (
      <Card tone="primary" padding={3} radius={2}>
        <Flex gap={3} align="center" justify="space-between">
          <Text size={1}>
            Variants of experiment <code>{value.experimentId}</code>: write each in both languages below. Start, stop and promote
            in the Launch tool.
          </Text>
          <Button text="Remove the variants" mode="ghost" tone="critical" onClick={() => onChange(detachPatches())} />
        </Flex>
      </Card>
    )
  }
  if (experiments.length === 0) {
    return (
      <Text size={1} muted>
        To test another text here, create an experiment (Experiments in the desk, or the Launch tool).
      </Text>
    )
  }
  const experiment = experiments.find((candidate) => candidate._id === chosen) ?? experiments[0]
  return (
    <Flex gap={2} align="center">
      <Select aria-label="Experiment" value={experiment?._id} onChange={(event) => setChosen(event.currentTarget.value)}>
        {experiments.map((candidate) => (
          <option key={candidate._id} value={candidate._id}>
            {candidate.title ?? candidate._id}
          </option>
        ))}
      </Select>
      <Button text="Add its variants" onClick={() => experiment && onChange(attachPatches(experiment, paragraph))} />
    </Flex>
  )
}

function ExperimentFieldInput(props: ObjectInputProps) {
  const documentStore = useDocumentStore()
  const [experiments, setExperiments] = useState<DraftExperiment[]>([])
  useEffect(() => {
    // Listened to, not fetched once: an experiment created in the Launch tool while this form is
    // open is offered here at once, and one started there leaves the list.
    const subscription = documentStore
      .listenQuery(DRAFTS, {}, { apiVersion: STUDIO_API_VERSION, perspective: 'published', tag: 'pulso.experiment-input' })
      .subscribe((found) => setExperiments(found as DraftExperiment[]))
    return () => subscription.unsubscribe()
  }, [documentStore])
  return (
    <Stack gap={3}>
      <ExperimentAttach
        value={props.value as Attached | undefined}
        experiments={experiments}
        paragraph={props.schemaType.name.endsWith('Text')}
        onChange={(patches) => props.onChange(patches as unknown as PatchEvent)}
      />
      {props.renderDefault(props)}
    </Stack>
  )
}

/** The form's inputs: a field with variants gets the experiment controls above its own fields. */
export function formInput(props: InputProps) {
  const name = props.schemaType.name
  return name === 'experimentLocaleString' || name === 'experimentLocaleText' ? (
    <ExperimentFieldInput {...(props as ObjectInputProps)} />
  ) : (
    props.renderDefault(props)
  )
}
