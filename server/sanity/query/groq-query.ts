/**
 * Evaluates GROQ over an in-memory dataset with groq-js, the reference
 * implementation, applying the perspective rules of Sanity's query API:
 *
 * - `published` (the default): drafts (`drafts.*`) and release versions
 *   (`versions.*`) are left out.
 * - `raw`: every document as stored.
 * - `drafts` (alias `previewDrafts`): a draft replaces the published document
 *   with the same id and is exposed under the published `_id`
 *   (`_originalId` keeps the stored one).
 * - a comma-separated release stack such as `rSpring,drafts`: the first
 *   layer that has a version of a document wins, published is the base.
 */
import { GroqSyntaxError, evaluate as groqEvaluate, parse as groqParse } from 'groq-js'
import type { SeedDocument } from '../local-dataset.ts'

/** A perspective already parsed: `raw`, or the overlay layers above published, highest first. */
export type Perspective = { kind: 'raw' } | { kind: 'stack'; layers: readonly string[] }

export const PUBLISHED: Perspective = { kind: 'stack', layers: [] }

export type QueryParams = Record<string, unknown>

/** What the query API puts in `error` for a 400; mirrors the hosted API's fields. */
export interface QueryErrorDetails {
  type: 'queryParseError' | 'queryExecutionError' | 'invalidPerspective' | 'invalidParameter'
  description: string
  query?: string
  start?: number
  end?: number
}

/** A problem with the request (query, params or perspective): the route answers 400. */
export class GroqRequestError extends Error {
  override name = 'GroqRequestError'
  readonly statusCode = 400
  readonly details: QueryErrorDetails
  constructor(details: QueryErrorDetails, options?: ErrorOptions) {
    super(details.description, options)
    this.details = details
  }
}

export interface QueryContext {
  projectId: string
  dataset: string
}

/**
 * Runs `query` against `documents` as the hosted API would for `perspective`.
 * Throws GroqRequestError for bad GROQ or a missing parameter.
 */
export async function queryDataset(
  documents: readonly SeedDocument[],
  query: string,
  params: QueryParams = {},
  perspective: Perspective = PUBLISHED,
  context?: QueryContext,
): Promise<unknown> {
  // groq-js needs the params at parse time too, or `x[$lang]` silently
  // becomes a plain attribute access.
  let tree: unknown
  try {
    tree = parse(query, { params })
  } catch (err) {
    if (err instanceof GroqSyntaxError) {
      throw new GroqRequestError(
        {
          type: 'queryParseError',
          description: err.message,
          query,
          start: err.position,
          end: Math.min(err.position + 1, query.length),
        },
        { cause: err },
      )
    }
    if (err instanceof Error && err.name === 'GroqQueryError') {
      throw new GroqRequestError({ type: 'queryParseError', description: err.message }, { cause: err })
    }
    throw tooDeep(err)
  }

  // The hosted API rejects a query using a parameter it was not given;
  // groq-js would quietly evaluate it to null.
  let used: Set<string>
  try {
    used = parameterNames(tree)
  } catch (err) {
    throw tooDeep(err)
  }
  const missing = [...used].filter((name) => !Object.hasOwn(params, name))
  if (missing.length > 0) {
    const name = missing[0]
    throw new GroqRequestError({
      type: 'queryParseError',
      description: `param $${name} referenced, but not provided`,
    })
  }

  try {
    const value = await evaluate(tree, {
      dataset: applyPerspective(documents, perspective),
      params,
      ...(context ? { sanity: { projectId: context.projectId, dataset: context.dataset } } : {}),
    })
    return await value.get()
  } catch (err) {
    // Runtime failures are query features the local evaluator lacks (e.g.
    // `text::query`); say so rather than pretend the server broke.
    throw new GroqRequestError(
      {
        type: 'queryExecutionError',
        description: `Local GROQ evaluation (groq-js) failed: ${err instanceof Error ? err.message : String(err)}`,
      },
      { cause: err },
    )
  }
}

/** Longer than any real release stack; refused before splitting, so a huge list costs nothing. */
export const MAX_PERSPECTIVE_LENGTH = 1024

/**
 * Parses the `perspective` query parameter in time linear in its length. Undefined or empty
 * means `published`. Throws GroqRequestError for a value the API would refuse.
 */
export function parsePerspective(raw: string | undefined): Perspective {
  if (raw === undefined || raw.trim() === '') return PUBLISHED
  const invalid = (description: string) => new GroqRequestError({ type: 'invalidPerspective', description })
  if (raw.length > MAX_PERSPECTIVE_LENGTH) {
    throw invalid(`Invalid perspective: longer than ${MAX_PERSPECTIVE_LENGTH} characters`)
  }
  const names = raw.split(',').map((name) => name.trim())
  if (names.length === 1 && names[0] === 'raw') return { kind: 'raw' }
  const layers = new Set<string>()
  for (const name of names) {
    if (name === 'published') continue
    const layer = name === 'previewDrafts' ? 'drafts' : name
    if (layer === 'raw' || !/^[A-Za-z0-9][\w-]*$/.test(layer)) {
      throw invalid(`Invalid perspective "${raw}": use "published", "drafts", "raw" or a comma-separated list of release names`)
    }
    layers.add(layer)
  }
  return { kind: 'stack', layers: [...layers] }
}

/** The documents a query sees under `perspective`, in dataset order. */
export function applyPerspective(documents: readonly SeedDocument[], perspective: Perspective): SeedDocument[] {
  if (perspective.kind === 'raw') return [...documents]
  const { layers } = perspective
  // For each published id, the best version found so far and its rank
  // (index in layers; published ranks last).
  const best = new Map<string, { doc: SeedDocument; rank: number }>()
  const order: string[] = []
  for (const doc of documents) {
    const { baseId, layer } = splitId(doc._id)
    const rank = layer === 'published' ? layers.length : layers.indexOf(layer)
    if (rank === -1) continue
    const seen = best.get(baseId)
    if (!seen) order.push(baseId)
    if (!seen || rank < seen.rank) best.set(baseId, { doc, rank })
  }
  const visible: SeedDocument[] = []
  for (const baseId of order) {
    const entry = best.get(baseId)
    if (!entry) continue
    const { doc } = entry
    visible.push(doc._id === baseId ? doc : { ...doc, _id: baseId, _originalId: doc._id })
  }
  return visible
}

function splitId(id: string): { baseId: string; layer: string } {
  if (id.startsWith('drafts.')) return { baseId: id.slice('drafts.'.length), layer: 'drafts' }
  const version = /^versions\.([^.]+)\.(.+)$/.exec(id)
  if (version?.[1] && version[2]) return { baseId: version[2], layer: version[1] }
  return { baseId: id, layer: 'published' }
}

/**
 * A stack overflow while reading the query (e.g. thousands of `!` in a row, which no bracket
 * count catches) is the query's fault: a parse error, not a crash.
 */
function tooDeep(err: unknown): unknown {
  if (!(err instanceof RangeError)) return err
  return new GroqRequestError({ type: 'queryParseError', description: 'The query is nested too deeply' }, { cause: err })
}

/** Names of every `$param` in a parsed query tree. */
function parameterNames(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) parameterNames(item, found)
  } else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>
    if (record['type'] === 'Parameter' && typeof record['name'] === 'string') found.add(record['name'])
    for (const value of Object.values(record)) parameterNames(value, found)
  }
  return found
}

// groq-js ships declarations that reference files missing from its package,
// so `parse` and `evaluate` type as `any`; pin down what this module uses.
interface GroqValue {
  get(): Promise<unknown>
}
interface EvaluateOptions {
  dataset: readonly unknown[]
  params: QueryParams
  sanity?: { projectId: string; dataset: string }
}
const parse: (query: string, options: { params: QueryParams }) => unknown = groqParse
const evaluate: (tree: unknown, options: EvaluateOptions) => Promise<GroqValue> = groqEvaluate
