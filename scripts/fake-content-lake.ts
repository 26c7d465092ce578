/**
 * Test helper: the part of Sanity's HTTP API that `sanity dataset import` and `export` use,
 * over one in-memory dataset, so their real libraries can run offline against it.
 *
 * - POST /v{version}/data/mutate/{dataset}: mutations applied by @sanity/mutator (the
 *   Studio's own engine); createIfNotExists on an existing id reports operation "none".
 * - GET  /v{version}/data/query/{dataset}: GROQ through groq-js.
 * - POST /v{version}/assets/images/{dataset}?filename=…: stores the bytes and creates the
 *   `sanity.imageAsset` document (`image-<sha1>-<w>x<h>-<ext>`), reusing one with the same hash.
 * - GET  /v{version}/data/export/{dataset}: every document as NDJSON.
 * - GET|HEAD /images/{project}/{dataset}/{file}: the uploaded bytes.
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
  close(): Promise<void>
}

/** Loads a package as the installed Sanity CLI resolves it, whatever npm hoisted. */
export async function importFromCli<T>(specifier: string, via: string[] = []): Promise<T> {
  let from = path.join(repoRoot, 'node_modules', '@sanity', 'cli', 'package.json')
  for (const step of via) from = createRequire(from).resolve(`${step}/package.json`)
  return (await import(pathToFileURL(createRequire(from).resolve(specifier)).href)) as T
}

export async function startFakeContentLake(projectId = 'test', dataset = 'production'): Promise<FakeContentLake> {
  const { Mutation } = await importFromCli<{ Mutation: typeof MutationClass }>('@sanity/mutator', ['@sanity/import'])
  const documents = new Map<string, StoredDoc>()
  const files = new Map<string, Buffer>()
  const state = { uploads: 0 }
  let apiHost = ''

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', apiHost)
    const route = url.pathname.replace(/^\/v[^/]+/, '')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }

    if (req.method === 'POST' && route === `/data/mutate/${dataset}`) {
      const { mutations } = JSON.parse((await body(req)).toString('utf8')) as { mutations: Record<string, unknown>[] }
      const results = mutations.map((mutation) => {
        const [kind, arg] = Object.entries(mutation)[0] as [string, { _id?: string; id?: string }]
        const id = arg._id ?? arg.id ?? ''
        const existing = documents.get(id) ?? null
        if (kind === 'createIfNotExists' && existing) return { id, operation: 'none' }
        if (kind === 'create' && existing) throw new HttpError(409, `Document by ID "${id}" already exists`)
        const next = new Mutation({ mutations: [mutation] }).apply(existing) as StoredDoc | null
        if (next) documents.set(id, next)
        return { id, operation: existing ? 'update' : 'create' }
      })
      return json(200, { transactionId: `tx${documents.size}`, results })
    }

    if (req.method === 'GET' && route === `/data/query/${dataset}`) {
      const query = url.searchParams.get('query') ?? ''
      const params = Object.fromEntries(
        [...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]),
      )
      const result = await (await evaluate(parse(query, { params }), { dataset: [...documents.values()], params })).get()
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
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { description: err instanceof Error ? err.message : String(err) } }))
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

class HttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
