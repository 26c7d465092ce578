/**
 * Offline, the seed is the dataset, so what a Studio user writes to content goes to it: the stand-in
 * for Sanity's mutate endpoint (studio-writes.ts) applies `create`, `createOrReplace`, `patch` (`set`
 * and `unset` on dotted paths, a list's item named by its key: `sections[_key=="hero"].headline`) and `delete` (as unpublishing deletes the published document) of public
 * documents to `data.ndjson`, all of a request's
 * mutations or none, one request at a time, and the site reloads the file as it does after any edit
 * (live events tell open pages). The Launch tool's experiments write this way (docs/decisions/
 * 0046-copy-experiments.md). Each document keeps its transactions' authors for the history API.
 */
import { randomUUID } from 'node:crypto'
import { readFile, rename, writeFile } from 'node:fs/promises'
import isPlainObject from 'is-plain-obj'

type Doc = Record<string, unknown> & { _id: string; _type: string }
const PUBLIC_ID = /^[A-Za-z0-9_-]{1,128}$/
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

export class MutationError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

interface SeedTransaction {
  id: string
  timestamp: string
  author: string
  documentIDs: string[]
}

/** Whether a mutation names only public documents (no dot in the id), which the seed holds. */
export function isContentMutation(mutation: unknown): boolean {
  if (!isPlainObject(mutation)) return false
  const [kind, body] = Object.entries(mutation)[0] ?? []
  const id = isPlainObject(body) ? (body['_id'] ?? body['id']) : undefined
  return ['create', 'createOrReplace', 'patch', 'delete'].includes(kind ?? '') && typeof id === 'string' && PUBLIC_ID.test(id)
}

/** Names that would reach an object's prototype rather than a field of the document. */
const NOT_FIELDS = new Set(['__proto__', 'constructor', 'prototype'])

/** A field by its name, or a list's item by its `_key` (`sections[_key=="hero"]`), as Sanity's patch paths name them. */
type Segment = string | { key: string }
const KEYED = /^([A-Za-z_][A-Za-z0-9_]{0,63})\[_key=="([A-Za-z0-9_-]{1,64})"\]$/

function pathOf(path: string): Segment[] {
  const segments = path.split('.').flatMap((part): Segment[] => {
    const keyed = KEYED.exec(part)
    const [field, key] = keyed ? [keyed[1] ?? '', keyed[2] ?? ''] : [part, undefined]
    if (!SEGMENT.test(field) || NOT_FIELDS.has(field)) throw new MutationError(400, `Unsupported path "${path}"`)
    return key === undefined ? [field] : [field, { key }]
  })
  if (typeof segments.at(-1) !== 'string') throw new MutationError(400, `Unsupported path "${path}": it must end at a field`)
  return segments
}

/** The list's item with that key, or the object's field; undefined where the document has none. */
function child(node: unknown, segment: Segment): unknown {
  if (typeof segment !== 'string') {
    return Array.isArray(node) ? node.find((item) => isPlainObject(item) && item['_key'] === segment.key) : undefined
  }
  return isPlainObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined
}

function setAt(doc: Record<string, unknown>, path: string, value: unknown) {
  const segments = pathOf(path)
  const last = segments.pop() as string
  let node: unknown = doc
  for (const [i, segment] of segments.entries()) {
    let next = child(node, segment)
    // A field that is not what the path goes through becomes it: an object, or a list where an item is
    // named next (a missing item stays missing).
    const listNext = typeof segments[i + 1] === 'object'
    if (typeof segment === 'string' && isPlainObject(node) && !(listNext ? Array.isArray(next) : isPlainObject(next))) {
      next = node[segment] = listNext ? [] : {}
    }
    node = next
  }
  // As Sanity does, a path through an item no list has sets nothing.
  if (isPlainObject(node)) node[last] = value
}

function unsetAt(doc: Record<string, unknown>, path: string) {
  const segments = pathOf(path)
  const last = segments.pop() as string
  let node: unknown = doc
  for (const segment of segments) node = child(node, segment)
  if (isPlainObject(node)) delete node[last]
}

function asDocument(value: unknown): Doc {
  if (
    !isPlainObject(value) ||
    typeof value['_id'] !== 'string' ||
    !PUBLIC_ID.test(value['_id']) ||
    typeof value['_type'] !== 'string'
  ) {
    throw new MutationError(400, 'A document needs a public _id and a _type')
  }
  return structuredClone(value) as Doc
}

/** `mutations` applied in order to `documents` (changed in place); the ids each touched (a delete of nothing touches none). */
function applyMutations(documents: Map<string, Doc>, mutations: readonly unknown[]): { id: string; operation: string }[] {
  return mutations.flatMap((mutation) => {
    const [kind, body] = Object.entries(mutation as Record<string, unknown>)[0] ?? []
    if (kind === 'create' || kind === 'createOrReplace') {
      const doc = asDocument(body)
      if (kind === 'create' && documents.has(doc._id)) throw new MutationError(409, `Document by ID "${doc._id}" already exists`)
      documents.set(doc._id, doc)
      return { id: doc._id, operation: kind === 'create' ? 'create' : 'update' }
    }
    if (kind === 'patch' && isPlainObject(body) && typeof body['id'] === 'string') {
      const doc = documents.get(body['id'])
      if (!doc) throw new MutationError(409, `Document "${body['id']}" not found`)
      const { set, unset } = body
      if (set !== undefined && !isPlainObject(set)) throw new MutationError(400, '"set" must be an object')
      if (unset !== undefined && !(Array.isArray(unset) && unset.every((path) => typeof path === 'string'))) {
        throw new MutationError(400, '"unset" must be a list of paths')
      }
      for (const [path, value] of Object.entries(set ?? {})) setAt(doc, path, structuredClone(value))
      for (const path of unset ?? []) unsetAt(doc, path)
      return { id: doc._id, operation: 'update' }
    }
    if (kind === 'delete' && isPlainObject(body) && typeof body['id'] === 'string') {
      return documents.delete(body['id']) ? [{ id: body['id'], operation: 'delete' }] : []
    }
    throw new MutationError(400, 'Offered here: create, createOrReplace, patch (set, unset) and delete of public documents')
  })
}

/** Writes to the seed file at `seedFile` (its documents' order kept, new ones at the end). */
export function createSeedWriter(seedFile: string, now: () => number = Date.now) {
  let queue: Promise<unknown> = Promise.resolve()
  const history = new Map<string, SeedTransaction[]>()

  async function apply(mutations: readonly unknown[], author: string) {
    const lines = (await readFile(seedFile, 'utf8')).split('\n').filter((line) => line.trim() !== '')
    const documents = new Map<string, Doc>(lines.map((line) => [(JSON.parse(line) as Doc)._id, JSON.parse(line) as Doc]))
    const results = applyMutations(documents, mutations)
    const transaction = {
      id: randomUUID(),
      timestamp: new Date(now()).toISOString(),
      author,
      documentIDs: results.map((r) => r.id),
    }
    const temporary = `${seedFile}.${transaction.id}.tmp`
    await writeFile(temporary, `${[...documents.values()].map((doc) => JSON.stringify(doc)).join('\n')}\n`)
    // Renamed over the file: the site's reload never reads half of it.
    await rename(temporary, seedFile)
    for (const id of new Set(transaction.documentIDs)) history.set(id, [...(history.get(id) ?? []).slice(-49), transaction])
    return { transactionId: transaction.id, results }
  }

  return {
    mutate(mutations: readonly unknown[], author: string) {
      const done = queue.then(() => apply(mutations, author))
      queue = done.catch(() => undefined)
      return done
    },
    /** The transactions written here that touched `id`, oldest first. */
    history: (id: string) => history.get(id) ?? [],
  }
}
