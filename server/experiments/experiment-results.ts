/**
 * What the Launch tool shows of the experiments (docs/launch-api.md, "Experiments"): each one as the
 * content has it (status, split, the field it runs on and each arm's text), its counts from the
 * database and what the statistics say of them (verdict.ts).
 */
import { defineQuery } from 'groq'
import {
  DEFAULT_ARM,
  DEFAULT_PLANNED_EXPOSURES,
  experimentFields,
  plannedSplit,
  sectionFieldPath,
  variantLabel,
  type ExperimentStatus,
  type PlacedField,
} from '../../schemas/experiments.ts'
import type { ExperimentLocaleString, ExperimentLocaleText, ExperimentsOverviewQueryResult } from '../../schemas/sanity.types.ts'
import type { ExperimentTotals, OverBoundTotals } from './experiment-counts.ts'
import { analyse, type ArmComparison, type Verdict } from './verdict.ts'
import type { SampleRatio } from './sample-ratio.ts'

/**
 * The experiments, newest first, and every section of every page whose kind has fields that can hold
 * variants (experiments.ts), with those fields: an experiment runs on one section of one page.
 */
export const experimentsOverviewQuery = defineQuery(`{
  "experiments": *[_type == "experiment"] | order(_createdAt desc) [0...50]{
    _id, title, status, split, plannedExposures, startedAt, stoppedAt, winner, "variants": variants[]{ variantId, label }
  },
  "pages": *[_type == "page"] | order(_id asc){
    _id, title, "sections": sections[_type in ["heroSection", "freeTrialSection"]]{ _key, _type, headline, subheadline, primaryCta, title }
  }
}`)

type Overview = ExperimentsOverviewQueryResult
type FieldValue = ExperimentLocaleString | ExperimentLocaleText
type Text = { pt?: string | null; en?: string | null } | null | undefined

export interface ArmResult {
  id: string
  label: string
  text: { pt: string | null; en: string | null }
  /** Planned share of visitors, in percent. */
  share: number
  /** Visitor-days shown the arm: one visitor per client a day. */
  exposures: number
  /** Sign-ups of those visitors, confirmed or not. */
  signups: number
  /** Those sign-ups confirmed (the double opt-in): the conversions the verdict reads. */
  confirmations: number
  /** Confirmed sign-ups per exposed visitor-day, or null before any exposure. */
  conversion: number | null
  /** Against the default: absent for the default itself. */
  comparison?: Omit<ArmComparison, 'arm'>
}

export interface ExperimentResult {
  id: string
  title: string
  status: ExperimentStatus
  /** Visitors are assigned in it now: running, and among those served at once (experimentsServed). */
  served: boolean
  plannedExposures: number
  startedAt: string | null
  stoppedAt: string | null
  winner: string | null
  /** Where its variants are written; null when no field holds them. */
  field: PlacedField | null
  arms: ArmResult[]
  /** Page views and sign-ups from clients past their bound: shown an arm or sent, counted for none. */
  overBound: OverBoundTotals
  /** The false-positive rate each comparison is held to (0.05 shared among the variants). */
  alpha: number
  sampleRatio: SampleRatio
  verdict: Verdict
}

/** A field that can hold variants where it is, and the experiment it holds now (null: none). */
export type FieldState = PlacedField & { experimentId: string | null; default: { pt: string | null; en: string | null } }

const textOf = (value: Text) => ({ pt: value?.pt ?? null, en: value?.en ?? null })

/** Every field of every page's sections that can hold variants, with what it holds, page by page. */
function fieldValues(overview: Overview): { field: PlacedField; value: FieldValue | null }[] {
  return overview.pages.flatMap((page) => {
    const pageTitle = page.title?.pt?.trim() || page._id
    return (page.sections ?? []).flatMap((section) =>
      experimentFields
        .filter((kind) => `${kind.section}Section` === section._type)
        .map((kind) => ({
          field: {
            ...kind,
            title: `${kind.title} · ${pageTitle}`,
            document: page._id,
            path: sectionFieldPath(section._key, kind.field),
          },
          value: (section[kind.field as keyof typeof section] as FieldValue | null | undefined) ?? null,
        })),
    )
  })
}

/** Every field that can hold variants, with what it holds. */
export function fieldStates(overview: Overview): FieldState[] {
  return fieldValues(overview).map(({ field, value }) => ({
    ...field,
    experimentId: value?.experimentId ?? null,
    default: textOf(value?.default),
  }))
}

/** The experiments of `overview` with their counts and what the statistics say; `served`: the ids visitors are assigned in. */
export function experimentResults(overview: Overview, totals: ExperimentTotals, served: ReadonlySet<string>): ExperimentResult[] {
  const fields = fieldValues(overview)
  return overview.experiments.map((experiment) => {
    const holder = fields.find(({ value }) => value?.experimentId === experiment._id)
    const variantIds = (experiment.variants ?? []).flatMap((v) => (v.variantId ? [v.variantId] : []))
    const ids = [DEFAULT_ARM, ...variantIds]
    const split = plannedSplit(experiment.split, ids.length)
    const plannedExposures = experiment.plannedExposures ?? DEFAULT_PLANNED_EXPOSURES
    const counts = totals[experiment._id]?.arms ?? {}
    const arms = ids.map((id, i) => {
      const label =
        id === DEFAULT_ARM ? 'Default' : (experiment.variants?.find((v) => v.variantId === id)?.label ?? variantLabel(id))
      const text = id === DEFAULT_ARM ? holder?.value?.default : holder?.value?.variants?.find((v) => v.variantId === id)?.value
      const { exposures = 0, signups = 0, confirmations = 0 } = counts[id] ?? {}
      return { id, label, text: textOf(text), share: split[i] ?? 0, exposures, signups, confirmations }
    })
    const analysis = analyse(
      arms.map(({ id, exposures, confirmations, share }) => ({ id, exposures, conversions: confirmations, plannedShare: share })),
      plannedExposures,
    )
    return {
      id: experiment._id,
      title: experiment.title ?? experiment._id,
      status: experiment.status ?? 'draft',
      served: served.has(experiment._id),
      plannedExposures,
      startedAt: experiment.startedAt ?? null,
      stoppedAt: experiment.stoppedAt ?? null,
      winner: experiment.winner ?? null,
      field: holder?.field ?? null,
      arms: arms.map((arm) => {
        const compared = analysis.comparisons.find((c) => c.arm === arm.id)
        return {
          ...arm,
          conversion: arm.exposures > 0 ? arm.confirmations / arm.exposures : null,
          ...(compared ? { comparison: withoutArm(compared) } : {}),
        }
      }),
      overBound: totals[experiment._id]?.over_bound ?? { exposures: 0, signups: 0 },
      alpha: analysis.alpha,
      sampleRatio: analysis.sampleRatio,
      verdict: analysis.verdict,
    }
  })
}

function withoutArm(comparison: ArmComparison): Omit<ArmComparison, 'arm'> {
  const { difference, interval, pValue, significant } = comparison
  return { difference, interval, pValue, significant }
}
