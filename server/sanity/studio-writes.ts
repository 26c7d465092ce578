/**
 * The parts of Sanity's HTTP API a Studio user's session writes through, for the Launch tool's
 * handshake offline (docs/decisions/0043-launch-tool.md), where no Studio can run:
 *
 * - `POST /v{apiVersion}/data/mutate/{dataset}` — `create` and `delete` of private documents (ids
 *   with a dot), with a local identity's token as the Studio's session (local-editor.ts); the viewer
 *   token is read-only (403), no token is anonymous (401), as on hosted Sanity.
 * - `GET /v{apiVersion}/data/doc/{dataset}/{id}` — a written document, for the viewer token.
 * - `GET /v{apiVersion}/data/history/{dataset}/transactions/{id}` — its transactions as NDJSON,
 *   each with the `author` whose token wrote it, set here and never read from the request.
 *
 * Documents live in memory, at most MAX_KEPT of them and for KEPT_MS: proofs are needed for a minute.
 * Given the seed file, the same endpoint also writes content as the writer (seed-writes.ts): `create`,
 * `createOrReplace` and `patch` of public documents, the Launch tool's experiments.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import isPlainObject from 'is-plain-obj'
import { hasBearer, hasViewerToken } from './viewer-token.ts'
import { createSeedWriter, isContentMutation, MutationError } from './seed-writes.ts'

export interface LocalEditor {
  /** The token that stands for a Studio user's session offline (SANITY_LOCAL_EDITOR_TOKEN, or made from it). */
  token: string
  /** The project user id the dataset's history gives for what they write (`p…`). */
  userId: string
  /** Their global id in Sanity's Access API (`g…`). */
  sanityUserId: string
  /** Their roles in the project, as the Access API names them. */
  roles: string[]
}

export interface StudioWritesOptions {
  dataset: string
  viewerToken: string | undefined
  /** Who may write, each with the token that stands for their session. */
  editors: readonly LocalEditor[]
  now?: () => number
  /** The seed's `data.ndjson`: content mutations write there, as the offline dataset. */
  seedFile?: string
}

interface Written {
  document: Record<string, unknown> & { _id: string; _type: string }
  transaction: { id: string; timestamp: string; author: string; documentIDs: string[] }
  at: number
}

const MAX_KEPT = 1_000
const KEPT_MS = 10 * 60_000
const MAX_DOCUMENT_BYTES = 4_096
/**
 * A content write's body, as hosted Sanity bounds a mutation request (4 MB, its "Technical limits"): a
 * document with a long text pasted in is written as the Studio would write it. Only the editor's
 * body is ever read (onRequest below).
 */
const MAX_CONTENT_WRITE_BYTES = 4_000_000
const PRIVATE_ID = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_.-]{1,128}$/

const permissionDenied = (permission: string) => ({
  error: { description: `Insufficient permissions; permission "${permission}" required`, type: 'mutationError' },
})

export const studioWrites: FastifyPluginAsync<StudioWritesOptions> = async (
  app,
  { dataset, viewerToken, editors, now = Date.now, seedFile },
) => {
  const written = new Map<string, Written>()
  const seed = seedFile ? createSeedWriter(seedFile, now) : undefined
  const forgetOld = () => {
    for (const [id, entry] of written) if (now() - entry.at > KEPT_MS || written.size > MAX_KEPT) written.delete(id)
  }
  const writerOf = (request: FastifyRequest) => editors.find((editor) => hasBearer(request.headers.authorization, editor.token))
  const mayRead = (request: FastifyRequest) =>
    writerOf(request) !== undefined || hasViewerToken(request.headers.authorization, viewerToken)

  app.post<{ Params: { dataset: string } }>(
    '/v:apiVersion/data/mutate/:dataset',
    {
      bodyLimit: MAX_CONTENT_WRITE_BYTES,
      // Anyone but the editor is answered from the headers, before a byte of the body is parsed.
      onRequest: async (request, reply) => {
        if (writerOf(request)) return
        return mayRead(request)
          ? reply.code(403).send(permissionDenied('create'))
          : reply.code(401).send({ error: { description: 'Session not found', type: 'unauthorized' } })
      },
    },
    async (request, reply) => {
      // onRequest answered everyone who is not an editor.
      const editor = writerOf(request) as LocalEditor
      if (request.params.dataset !== dataset) return reply.code(404).send({ error: { description: 'Dataset not found' } })
      const body: unknown = request.body
      const mutations = isPlainObject(body) && Array.isArray(body['mutations']) ? (body['mutations'] as unknown[]) : undefined
      if (seed && mutations && mutations.length > 0 && mutations.length <= 20 && mutations.every(isContentMutation)) {
        return seed.mutate(mutations, editor.userId).catch((error: unknown) => {
          if (error instanceof MutationError)
            return reply.code(error.status).send({ error: { description: error.message, type: 'mutationError' } })
          throw error
        })
      }
      if (JSON.stringify(body).length > 2 * MAX_DOCUMENT_BYTES)
        return reply.code(413).send({ error: { description: 'Request too large' } })
      if (!mutations || mutations.length !== 1 || !isPlainObject(mutations[0])) {
        return reply.code(400).send({ error: { description: 'One mutation per request here: create or delete' } })
      }
      const mutation = mutations[0]
      const transactionId = randomUUID()
      const timestamp = new Date(now()).toISOString()
      if (isPlainObject(mutation['create'])) {
        const document = mutation['create']
        const id = document['_id']
        if (typeof id !== 'string' || !PRIVATE_ID.test(id) || typeof document['_type'] !== 'string') {
          return reply.code(400).send({ error: { description: 'A private document with an _id and a _type is expected' } })
        }
        if (written.has(id)) return reply.code(409).send({ error: { description: `Document by ID "${id}" already exists` } })
        if (JSON.stringify(document).length > MAX_DOCUMENT_BYTES)
          return reply.code(413).send({ error: { description: 'Document too large' } })
        forgetOld()
        written.set(id, {
          document: {
            ...document,
            _id: id,
            _type: document['_type'],
            _createdAt: timestamp,
            _updatedAt: timestamp,
            _rev: transactionId,
          },
          transaction: { id: transactionId, timestamp, author: editor.userId, documentIDs: [id] },
          at: now(),
        })
        return { transactionId, results: [{ id, operation: 'create' }] }
      }
      if (isPlainObject(mutation['delete']) && typeof mutation['delete']['id'] === 'string') {
        const id = mutation['delete']['id']
        const existed = written.delete(id)
        return { transactionId, results: existed ? [{ id, operation: 'delete' }] : [] }
      }
      return reply.code(400).send({ error: { description: 'Only create and delete are offered here' } })
    },
  )

  app.get<{ Params: { dataset: string; id: string } }>('/v:apiVersion/data/doc/:dataset/:id', async (request, reply) => {
    if (!mayRead(request)) return reply.code(401).send({ error: { description: 'Session not found', type: 'unauthorized' } })
    const entry = request.params.dataset === dataset ? written.get(request.params.id) : undefined
    return { documents: entry ? [entry.document] : [], omitted: entry ? [] : [{ id: request.params.id, reason: 'existence' }] }
  })

  app.get<{ Params: { dataset: string; id: string } }>(
    '/v:apiVersion/data/history/:dataset/transactions/:id',
    async (request, reply) => {
      if (!mayRead(request)) return reply.code(401).send({ error: { description: 'Session not found', type: 'unauthorized' } })
      const entry = request.params.dataset === dataset ? written.get(request.params.id) : undefined
      const transactions = entry
        ? [entry.transaction]
        : request.params.dataset === dataset
          ? (seed?.history(request.params.id) ?? [])
          : []
      return reply.type('application/x-ndjson').send(transactions.map((t) => `${JSON.stringify(t)}\n`).join(''))
    },
  )
}
