import { defineArrayMember, defineField, defineType, type Rule } from 'sanity'
import {
  experimentField as fieldOf,
  localeTypeOf,
  MAX_VARIANTS,
  pluginTypeName,
  variantLabel,
  type ExperimentBase,
} from '../experiments'
import { localizedTextProblem, type LocalizedValue } from './locale-fields'

/**
 * A translatable text that can run a copy experiment (docs/decisions/0046-copy-experiments.md), in
 * @sanity/personalization-plugin's shape: `default` (what everyone sees outside the experiment, and
 * the control inside it), `experimentId` (the `experiment` document) and `variants`, each
 * `{ experimentId, variantId, value }` with both languages. The plugin names its types
 * `experiment<Type>` and `variant<Type>`; ours follow, for localeString and localeText.
 */
const bases = ['localeString', 'localeText'] as const satisfies readonly ExperimentBase[]
type Base = (typeof bases)[number]
const experimentTypeName = (base: Base) => pluginTypeName('experiment', base)
const variantTypeName = (base: Base) => pluginTypeName('variant', base)

const variantType = (base: Base) =>
  defineType({
    name: variantTypeName(base),
    title: 'Variant',
    type: 'object',
    fields: [
      defineField({ name: 'experimentId', title: 'Experiment', type: 'string', readOnly: true, hidden: true }),
      defineField({ name: 'variantId', title: 'Variant', type: 'string', readOnly: true }),
      defineField({ name: 'value', title: 'Text', type: base }),
    ],
    preview: {
      select: { variantId: 'variantId', pt: 'value.pt', en: 'value.en' },
      prepare: ({ variantId, pt, en }: Record<string, string | undefined>) => ({
        title: `${variantLabel(variantId ?? '?')}: ${pt ?? '—'}`,
        subtitle: en,
      }),
    },
  })

const experimentType = (base: Base) =>
  defineType({
    name: experimentTypeName(base),
    title: 'Text with variants',
    type: 'object',
    fields: [
      defineField({
        name: 'default',
        title: 'Text',
        description: 'What every visitor reads, and what the variants are compared with while an experiment runs.',
        type: base,
      }),
      defineField({
        name: 'experimentId',
        title: 'Experiment',
        description: 'Set when an experiment is attached (here, or by the Launch tool).',
        type: 'string',
        readOnly: true,
        hidden: ({ value }) => !value,
      }),
      defineField({
        name: 'variants',
        title: 'Variants',
        description: `Up to ${MAX_VARIANTS}, each in both languages; shown to the share of visitors the experiment gives it.`,
        type: 'array',
        of: [defineArrayMember({ type: variantTypeName(base) })],
        hidden: ({ parent }) => !(parent as { experimentId?: string } | undefined)?.experimentId,
      }),
    ],
  })

export const experimentValueTypes = bases.flatMap((base) => [variantType(base), experimentType(base)])

/** The stored value of a field with variants. */
export interface ExperimentValue {
  default?: LocalizedValue
  experimentId?: string
  variants?: { _key?: string; experimentId?: string; variantId?: string; value?: LocalizedValue }[]
}

/** What is wrong with a field's value with variants, if anything: the default and every variant are judged as the field's text. */
export function experimentValueProblem(value: ExperimentValue | undefined, max: number): string | undefined {
  const own = localizedTextProblem(value?.default, { max })
  if (own) return own
  const variants = value?.variants ?? []
  if (variants.length > MAX_VARIANTS) return `At most ${MAX_VARIANTS} variants.`
  if (variants.length > 0 && !value?.experimentId) return 'Variants need an experiment: attach one, or remove them.'
  const ids = new Set<string>()
  for (const variant of variants) {
    const label = variantLabel(variant.variantId ?? '?')
    if (!variant.variantId || ids.has(variant.variantId)) return `${label}: every variant needs an id of its own.`
    ids.add(variant.variantId)
    if (variant.experimentId !== value?.experimentId) return `${label} belongs to another experiment.`
    const problem = localizedTextProblem(variant.value, { max })
    if (problem) return `${label}: ${problem}`
  }
  return undefined
}

/**
 * One of the fields in experiments.ts, as its section declares it: its layout budget and kind
 * (line or paragraph) come from that list, so the server, the Launch tool and the Studio agree on them.
 */
export function experimentFieldOf(section: string, name: string, { title, description }: { title: string; description: string }) {
  const known = fieldOf(section, name)
  if (!known) throw new Error(`${section}.${name} is not in schemas/experiments.ts`)
  return defineField({
    name,
    title,
    description,
    type: experimentTypeName(localeTypeOf(known)),
    validation: (rule: Rule) =>
      rule.custom((value: ExperimentValue | undefined) => experimentValueProblem(value, known.max) ?? true),
  })
}
