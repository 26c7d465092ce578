/**
 * What the Launch tool writes to Sanity for an experiment (docs/decisions/0046-copy-experiments.md),
 * as mutations the Studio user's own session sends (content-writer.tsx): a new experiment attached
 * to a field, its start with a split, its stop, and the promotion of one arm's text into the field's
 * default, which removes the variants and ends the experiment. Each is one transaction.
 */
import {
  DEFAULT_ARM,
  EXPERIMENT_TYPE,
  localeTypeOf,
  VARIANT_IDS,
  variantEntry,
  variantLabel,
  type ExperimentField,
  type PlacedField,
} from '../../../schemas/experiments.ts'
import type { ExperimentResult } from './launch-api.ts'

export type Mutation =
  | { create: Record<string, unknown> & { _id: string; _type: string } }
  | { patch: { id: string; set?: Record<string, unknown>; unset?: string[] } }

export interface LocalizedText {
  pt: string
  en: string
}

const trimmed = ({ pt, en }: LocalizedText): LocalizedText => ({ pt: pt.trim(), en: en.trim() })
const localized = (field: Pick<ExperimentField, 'paragraph'>, text: LocalizedText) => ({
  _type: localeTypeOf(field),
  ...trimmed(text),
})

/** A new experiment's id: a Sanity document id with no dot (public, as the page's content is). */
export const newExperimentId = () => `experiment-${crypto.randomUUID().slice(0, 8)}`

/** An experiment on `field` with `variants` (each both languages), in draft, attached to the field. */
export function createExperiment(
  id: string,
  {
    field,
    title,
    variants,
    plannedExposures,
  }: { field: PlacedField; title: string; variants: LocalizedText[]; plannedExposures: number },
): Mutation[] {
  const ids = VARIANT_IDS.slice(0, variants.length)
  return [
    {
      create: {
        _id: id,
        _type: EXPERIMENT_TYPE,
        title: title.trim(),
        status: 'draft',
        plannedExposures,
        variants: ids.map((variantId) => ({
          _key: variantId,
          _type: 'experimentVariant',
          variantId,
          label: variantLabel(variantId),
        })),
      },
    },
    {
      patch: {
        id: field.document,
        set: {
          [`${field.path}.experimentId`]: id,
          [`${field.path}.variants`]: ids.map((variantId, i) =>
            variantEntry(field, id, variantId, trimmed(variants[i] as LocalizedText)),
          ),
        },
      },
    },
  ]
}

/** An even split of 100 % over `arms`, the rest given to the default. */
export function evenSplit(arms: number): number[] {
  const each = Math.floor(100 / arms)
  return Array.from({ length: arms }, (_, i) => (i === 0 ? 100 - each * (arms - 1) : each))
}

export function startExperiment(id: string, split: number[], now = new Date()): Mutation[] {
  return [{ patch: { id, set: { status: 'running', split, startedAt: now.toISOString() } } }]
}

export function stopExperiment(id: string, now = new Date()): Mutation[] {
  return [{ patch: { id, set: { status: 'stopped', stoppedAt: now.toISOString() } } }]
}

/**
 * `arm`'s text becomes the field's default in both languages; the variants leave the field; the
 * experiment ends with `arm` as its winner. Promoting the default keeps its text and ends it alike.
 */
export function promoteArm(experiment: ExperimentResult, arm: string, now = new Date()): Mutation[] {
  const { field } = experiment
  const promoted = experiment.arms.find((candidate) => candidate.id === arm)
  if (!field || !promoted) throw new Error(`${experiment.title} has no field or no arm "${arm}" to promote`)
  const text = { pt: promoted.text.pt ?? '', en: promoted.text.en ?? '' }
  return [
    {
      patch: {
        id: field.document,
        ...(arm === DEFAULT_ARM ? {} : { set: { [`${field.path}.default`]: localized(field, text) } }),
        unset: [`${field.path}.experimentId`, `${field.path}.variants`],
      },
    },
    {
      patch: {
        id: experiment.id,
        set: { status: 'ended', winner: arm, ...(experiment.stoppedAt ? {} : { stoppedAt: now.toISOString() }) },
      },
    },
  ]
}
