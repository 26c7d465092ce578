/**
 * Test helper: the part of Sanity's HTTP API that `sanity dataset import` and `export` and
 * `npm run content:migrate` use, over one in-memory dataset, so they can run offline against it.
 *
 * - POST /v{version}/data/mutate/{dataset}: one transaction, all or nothing, applied by
 *   @sanity/mutator (the Studio's own engine); every document it changes gets the transaction's id
 *   as its `_rev`. createIfNotExists on an existing id reports operation "none"; a patch whose
 *   `ifRevisionID` is not the document's `_rev` is refused with 409 as the API refuses it.
 * - GET  /v{version}/data/query/{dataset}: GROQ through groq-js; drafts and release versions only
 *   with `perspective=raw`, as the hosted API (apiVersion ≥ 2025-02-19) answers.
 * - POST /v{version}/assets/images/{dataset}?filename=…: stores the bytes and creates the
 *   `sanity.imageAsset` document (`image-<sha1>-<w>x<h>-<ext>`), reusing one with the same hash.
 * - GET  /v{version}/data/export/{dataset}: every document as NDJSON.
 * - GET|HEAD /images/{project}/{dataset}/{file}: the uploaded bytes.
 *
 * With `tokens`, requests need one of them as a bearer token (401 otherwise), and a `read` token's
 * mutations are refused with 403: the two ways a hosted project turns a login away.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { evaluate, parse } from 'groq-js'
import type { Mutation as MutationClass } from '@sanity/mutator'
import { readImageMetadata } from '../server/sanity/images/image-metadata.ts'
import { repoRoot } from './content-target.ts'

export type StoredDoc = { _id: string; _type: string; [key: string]: unknown }

export interface FakeContentLake {
  apiHost: string
  projectId: string
  dataset: string
  documents: Map<string, StoredDoc>
  /** Asset uploads the API accepted (a reused asset is not counted). */
  uploads: number
  /** Every mutate request the API committed, in order. */
  transactions: { transactionId: string; mutations: Record<string, unknown>[] }[]
  /** Runs when a mutate request arrives, before it is checked: a test's stand-in for an edit made meanwhile. */
  beforeMutate: (() => void) | undefined
  close(): Promise<void>
}

export interface FakeContentLakeOptions {
  /** Bearer tokens the API accepts and what each may do; unset, every request is let through. */
  tokens?: Record<string, 'read' | 'write'>
}

/** Loads a package as the installed Sanity CLI resolves it, whatever npm hoisted. */
export async function importFromCli<T>(specifier: string, via: string[] = []): Promise<T> {
  let from = path.join(repoRoot, 'node_modules', '@sanity', 'cli', 'package.json')
  for (const step of via) from = createRequire(from).resolve(`${step}/package.json`)
  return (await import(pathToFileURL(createRequire(from).resolve(specifier)).href)) as T
}

export async function startFakeContentLake(
  projectId = 'test',
  dataset = 'production',
  { tokens }: FakeContentLakeOptions = {},
): Promise<FakeContentLake> {
  const { Mutation } = await importFromCli<{ Mutation: typeof MutationClass }>('@sanity/mutator', ['@sanity/import'])
  const documents = new Map<string, StoredDoc>()
  const files = new Map<string, Buffer>()
  const transactions: FakeContentLake['transactions'] = []
  const state = { uploads: 0, beforeMutate: undefined as (() => void) | undefined }
  let apiHost = ''

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', apiHost)
    const route = url.pathname.replace(/^\/v[^/]+/, '')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }

    // The versioned API asks for a login; image files are public, as on Sanity's CDN.
    const access = tokens ? tokens[/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? ''] : 'write'
    if (access === undefined && route !== url.pathname) {
      return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Session not found' })
    }

    if (req.method === 'POST' && route === `/data/mutate/${dataset}`) {
      state.beforeMutate?.()
      const { mutations } = JSON.parse((await body(req)).toString('utf8')) as { mutations: Record<string, unknown>[] }
      if (access !== 'write') {
        throw mutationError(403, 'insufficientPermissionsError', 'Insufficient permissions; permission "update" required')
      }
      const transactionId = `tx${transactions.length + 1}`
      // Applied to a copy and kept only if every mutation succeeds: a transaction is all or nothing.
      const staged = new Map<string, StoredDoc | null>()
      const current = (id: string) => (staged.has(id) ? (staged.get(id) ?? null) : (documents.get(id) ?? null))
      const results = mutations.map((mutation) => {
        const [kind, arg] = Object.entries(mutation)[0] as [string, { _id?: string; id?: string; ifRevisionID?: string }]
        const id = arg._id ?? arg.id ?? ''
        const existing = current(id)
        if (kind === 'createIfNotExists' && existing) return { id, operation: 'none' }
        if (kind === 'create' && existing) throw new HttpError(409, `Document by ID "${id}" already exists`)
        if (kind === 'patch' && arg.ifRevisionID !== undefined && existing?._rev !== arg.ifRevisionID) {
          throw mutationError(
            409,
            'documentRevisionIDDoesNotMatchError',
            `Document "${id}" has unexpected revision ID ("${String(existing?._rev)}"), expected "${arg.ifRevisionID}"`,
          )
        }
        staged.set(id, new Mutation({ mutations: [mutation], resultRev: transactionId }).apply(existing) as StoredDoc | null)
        return { id, operation: existing ? 'update' : 'create' }
      })
      for (const [id, doc] of staged) {
        if (doc) documents.set(id, doc)
        else documents.delete(id)
      }
      transactions.push({ transactionId, mutations })
      return json(200, { transactionId, results })
    }

    if (req.method === 'GET' && route === `/data/query/${dataset}`) {
      const query = url.searchParams.get('query') ?? ''
      const params = Object.fromEntries(
        [...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]),
      )
      const perspective = url.searchParams.get('perspective') ?? 'published'
      if (perspective !== 'published' && perspective !== 'raw') {
        throw new HttpError(400, `fake content lake: perspective "${perspective}" is not supported`)
      }
      const visible = [...documents.values()].filter((doc) => perspective === 'raw' || !/^(drafts|versions)\./.test(doc._id))
      const result = await (await evaluate(parse(query, { params }), { dataset: visible, params })).get()
      return json(200, { query, result, ms: 1 })
    }

    if (req.method === 'POST' && route === `/assets/images/${dataset}`) {
      const bytes = await body(req)
      const sha1 = createHash('sha1').update(bytes).digest('hex')
      // Read as the local server reads seed images (sharp), so an upload gets the id the local site gives it.
      const { width, height, extension, mimeType } = await readImageMetadata(bytes)
      const fileName = `${sha1}-${width}x${height}.${extension}`
      const id = `image-${sha1}-${width}x${height}-${extension}`
      if (!documents.has(id)) {
        state.uploads++
        files.set(fileName, bytes)
        documents.set(id, {
          _id: id,
          _type: 'sanity.imageAsset',
          assetId: sha1,
          sha1hash: sha1,
          extension,
          mimeType,
          size: bytes.length,
          originalFilename: url.searchParams.get('filename') ?? undefined,
          path: `images/${projectId}/${dataset}/${fileName}`,
          url: `${apiHost}/images/${projectId}/${dataset}/${fileName}`,
          metadata: { _type: 'sanity.imageMetadata', dimensions: { width, height, aspectRatio: width / height } },
        })
      }
      return json(200, { document: documents.get(id) })
    }

    if (req.method === 'GET' && route === `/data/export/${dataset}`) {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' })
      res.end([...documents.values()].map((doc) => `${JSON.stringify(doc)}\n`).join(''))
      return
    }

    const image = new RegExp(`^/images/${projectId}/${dataset}/([^/]+)$`).exec(url.pathname)?.[1]
    if ((req.method === 'GET' || req.method === 'HEAD') && image && files.has(image)) {
      const bytes = files.get(image) as Buffer
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length })
      res.end(req.method === 'GET' ? bytes : undefined)
      return
    }
    json(404, { error: { description: `fake content lake: no route for ${req.method} ${url.pathname}` } })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500
      const answer =
        err instanceof HttpError ? err.body : { error: { description: err instanceof Error ? err.message : String(err) } }
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    apiHost,
    projectId,
    dataset,
    documents,
    get uploads() {
      return state.uploads
    },
    transactions,
    get beforeMutate() {
      return state.beforeMutate
    },
    set beforeMutate(hook) {
      state.beforeMutate = hook
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

class HttpError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body: unknown = { error: { description: message } }) {
    super(message)
    this.status = status
    this.body = body
  }
}

/** A refused transaction as the API words it: a `mutationError` naming the failing item. */
function mutationError(status: number, type: string, description: string): HttpError {
  return new HttpError(status, description, {
    error: { description: 'Mutation failed', type: 'mutationError', items: [{ index: 0, error: { type, description } }] },
  })
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
