/**
 * What `npm run content:migrate` changes in one document (docs/decisions/0052-experiment-fields-migration.md):
 * each field of schemas/experiments.ts still holding a bare locale object (the shape before copy
 * experiments, 0046) is wrapped as the field's default, `{ _type: 'experiment<Type>', default: <it> }`.
 * A field already wrapped, or empty, is left alone; anything else is reported, never guessed at.
 */
import { experimentFields, localeTypeOf, pluginTypeName, type ExperimentBase } from '../schemas/experiments.ts'
import { legacySections } from './pages-plan.ts'
import { isLocale } from '../schemas/locales.ts'
import isPlainObject from 'is-plain-obj'

export type SanityDoc = { _id: string; _type: string; _rev: string; [field: string]: unknown }

export interface FieldChange {
  field: string
  /** The whole new value of the field: the old object, untouched but for a missing `_type`, as its default. */
  value: { _type: string; default: Record<string, unknown> }
}

export interface DocumentPlan {
  id: string
  /** The revision the plan was made from: the write is refused if the document has moved on. */
  rev: string
  changes: FieldChange[]
  /** Fields already in the new shape. */
  current: string[]
  /** Fields in neither shape, with what is wrong: left for a person to look at in the Studio. */
  unrecognised: { field: string; problem: string }[]
}

/**
 * Such fields where they were before pages were documents (docs/decisions/0075): on the section
 * singletons `hero` and `freeTrial`, which this step wraps before the pages step moves them into the
 * home page (pages-plan.ts).
 */
const legacyFields = experimentFields.flatMap((field) =>
  legacySections.filter(({ section }) => section === field.section).map(({ id }) => ({ ...field, document: id })),
)

/** The documents that held such fields, published and draft: `hero`, `drafts.hero`, `freeTrial`, … */
export const migratedIds = [...new Set(legacyFields.map(({ document }) => document))].flatMap((id) => [id, `drafts.${id}`])

export const isDraft = (id: string) => id.startsWith('drafts.')

export function planDocument(doc: SanityDoc): DocumentPlan {
  const plan: DocumentPlan = { id: doc._id, rev: doc._rev, changes: [], current: [], unrecognised: [] }
  const name = doc._id.replace(/^drafts\./, '')
  for (const known of legacyFields.filter(({ document }) => document === name)) {
    const verdict = judge(doc[known.field], localeTypeOf(known))
    if (verdict.kind === 'old') plan.changes.push({ field: known.field, value: verdict.value })
    else if (verdict.kind === 'current') plan.current.push(known.field)
    else if (verdict.kind === 'unrecognised') plan.unrecognised.push({ field: known.field, problem: verdict.problem })
  }
  return plan
}

type Verdict =
  | { kind: 'old'; value: FieldChange['value'] }
  | { kind: 'current' }
  | { kind: 'empty' }
  | { kind: 'unrecognised'; problem: string }

function judge(value: unknown, base: ExperimentBase): Verdict {
  const wrapper = pluginTypeName('experiment', base)
  if (value === undefined || value === null) return { kind: 'empty' }
  if (!isPlainObject(value)) return { kind: 'unrecognised', problem: `a ${typeof value}, not an object` }
  const type = value['_type']
  if (type === wrapper) return { kind: 'current' }
  if (type !== undefined && type !== base)
    return { kind: 'unrecognised', problem: `of type "${String(type)}", not ${base} or ${wrapper}` }
  // Without `_type`, only the {pt, en} shape counts as old: a wrapper that lost its type has `default`.
  const texts = Object.entries(value).filter(([key]) => !key.startsWith('_'))
  if (type === undefined) {
    if (texts.length === 0) return { kind: 'unrecognised', problem: 'an object with no text in it' }
    const stray = texts.find(([key, text]) => !isLocale(key) || typeof text !== 'string')
    if (stray) return { kind: 'unrecognised', problem: `an object without _type whose "${stray[0]}" is not a language's text` }
  }
  // `_type` first, then everything the old object held (its own `_type` included, when it had one).
  return { kind: 'old', value: { _type: wrapper, default: { _type: base, ...value } } }
}
