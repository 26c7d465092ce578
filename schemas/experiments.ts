import type { SectionId } from './page-sections'

/**
 * Copy experiments (docs/product.md §12, docs/decisions/0046-copy-experiments.md): the fields that
 * can hold variants, and the names every side agrees on. A field with variants has the shape of
 * @sanity/personalization-plugin's field-level experiments, `{ default, experimentId, variants:
 * [{ experimentId, variantId, value }] }`; the experiment itself is a document (`experiment`) with
 * its variants' ids, its status and its split.
 */

export const EXPERIMENT_TYPE = 'experiment'

/** The arm that shows the field's default value: the control every variant is compared with. */
export const DEFAULT_ARM = 'default'

/** The ids of a new experiment's variants, in order (the default is `default`). */
export const VARIANT_IDS = ['b', 'c', 'd', 'e'] as const

/** Variants one experiment may have besides the default. */
export const MAX_VARIANTS = VARIANT_IDS.length

/** Visitor-days a new experiment's test is tuned for, unless the editor says otherwise; and the least. */
export const DEFAULT_PLANNED_EXPOSURES = 5000
export const MIN_PLANNED_EXPOSURES = 200

/**
 * The split an experiment's arms are planned and assigned on: the stored one (any weights, the
 * default first) when it has a share for each arm, all finite, none negative, one positive; else even.
 */
export function plannedSplit(split: readonly number[] | null | undefined, armCount: number): number[] {
  const fits =
    split?.length === armCount && split.every((share) => Number.isFinite(share) && share >= 0) && split.some((s) => s > 0)
  return split && fits ? [...split] : Array.from({ length: armCount }, () => 100 / armCount)
}

/** Experiments running at once: each visitor is assigned in every one of them. */
export const MAX_RUNNING = 4

/**
 * Combinations of arms served at once: the server keeps a prerender and a content answer per
 * combination, so their number is bounded, not only the experiments' (four of five arms would be 625).
 */
export const MAX_ARM_SETS = 64

/**
 * The running experiments visitors are assigned in: oldest first, each while the combinations of
 * arms stay within MAX_ARM_SETS (one that would pass it is left out, and a later smaller one may fit).
 */
export function experimentsServed<T extends { arms: readonly unknown[] }>(running: readonly T[]): T[] {
  const served: T[] = []
  let armSets = 1
  for (const experiment of running) {
    if (served.length === MAX_RUNNING || armSets * experiment.arms.length > MAX_ARM_SETS) continue
    served.push(experiment)
    armSets *= experiment.arms.length
  }
  return served
}

export type ExperimentStatus = 'draft' | 'running' | 'stopped' | 'ended'

/** A kind of field that can run an experiment: the section kind it is on, what the team calls it, its layout budget. */
export interface ExperimentField {
  section: SectionId
  field: string
  title: string
  paragraph: boolean
  /** Characters per language that still fit the layout, for the default and every variant. */
  max: number
}

/**
 * The fields the page resolves with variants (page-query.ts), by section kind: each such section on any
 * page can run an experiment of its own. Adding one here needs its projection there too.
 */
export const experimentFields = [
  { section: 'hero', field: 'headline', title: 'Hero headline', paragraph: false, max: 80 },
  { section: 'hero', field: 'subheadline', title: 'Hero subheadline', paragraph: true, max: 220 },
  { section: 'hero', field: 'primaryCta', title: 'Hero primary button', paragraph: false, max: 30 },
  { section: 'freeTrial', field: 'title', title: 'Free-trial heading', paragraph: false, max: 70 },
] as const satisfies readonly ExperimentField[]

/**
 * One field with variants where it is on a page: its kind, the page document holding it, its path there
 * as a patch names it (`sections[_key=="hero"].headline`), and its kind's title with the page's.
 */
export interface PlacedField extends ExperimentField {
  document: string
  path: string
}

/** Where a section's field is in its page. */
export const sectionFieldPath = (sectionKey: string, field: string) => `sections[_key==${JSON.stringify(sectionKey)}].${field}`

/** The locale type of a field's texts (its default and each variant's value): a paragraph is `localeText`. */
export type ExperimentBase = 'localeString' | 'localeText'
export const localeTypeOf = (field: Pick<ExperimentField, 'paragraph'>): ExperimentBase =>
  field.paragraph ? 'localeText' : 'localeString'

/** The plugin names its types `experiment<Type>` (the field) and `variant<Type>` (one variant). */
export const pluginTypeName = (kind: 'experiment' | 'variant', base: ExperimentBase) =>
  `${kind}${base.charAt(0).toUpperCase()}${base.slice(1)}`

/** A variant's name until an editor gives it one. */
export const variantLabel = (variantId: string) => `Variant ${variantId.toUpperCase()}`

/**
 * One variant of a field with variants, in the plugin's shape: its text in both languages, or none
 * yet for an editor to write.
 */
export const variantEntry = (
  field: Pick<ExperimentField, 'paragraph'>,
  experimentId: string,
  variantId: string,
  text: { pt?: string; en?: string } = {},
) => ({
  _key: variantId,
  _type: pluginTypeName('variant', localeTypeOf(field)),
  experimentId,
  variantId,
  value: { _type: localeTypeOf(field), ...text },
})

export function experimentField(section: string, field: string): ExperimentField | undefined {
  return experimentFields.find((known) => known.section === section && known.field === field)
}

/**
 * One arm of one experiment as the page query's `$variants` parameter and the sign-up row carry it:
 * `<experimentId>:<variantId>`. A visitor holds one per running experiment, the default arm included.
 */
export const armKey = (experimentId: string, arm: string) => `${experimentId}:${arm}`

/** Ids of experiments and variants: what a GROQ parameter, a database column and an address may carry. */
export const EXPERIMENT_ID = /^[A-Za-z0-9_-]{1,64}$/
export const ARM_KEY = /^[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,32}$/
