// What travels compressed: pages and API answers as they are sent, built assets from the .br and
// .gz files the build writes beside them, and never the live event stream.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../config.ts'
import { createServer } from '../create-server.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'

const page = `<!doctype html>${Array.from({ length: 300 }, (_, n) => `<p class="c${n % 7}">Avaliação ${n * 7919}: feedback ${n % 13} a partir das reuniões.</p>`).join('')}`
const script = `export const words = ${JSON.stringify('palavra '.repeat(500))}`

let workDir: string
let app: FastifyInstance

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'pulso-compression-'))
  const assets = join(workDir, 'dist', 'client', 'assets')
  await mkdir(assets, { recursive: true })
  // As the build leaves them: the file and its two compressed twins.
  await writeFile(join(assets, 'app-abc123.js'), script)
  await writeFile(join(assets, 'app-abc123.js.br'), brotliCompressSync(script))
  await writeFile(join(assets, 'app-abc123.js.gz'), gzipSync(script))
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DIR: resolve(import.meta.dirname, '../../studio/seed'),
    // Hosted sign-ups: no database to open for this test.
    SUPABASE_URL: 'https://project.supabase.co',
    SUPABASE_ANON_KEY: 'an-anon-key-of-twenty-characters',
  })
  ;({ app } = await createServer(config, {
    distDir: join(workDir, 'dist'),
    renderer: { render: () => ({ status: 200, html: page, sources: { script: [], style: [] } }) },
  }))
})

afterAll(async () => {
  await app.close()
  await rm(workDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

describe('compression', () => {
  it('sends the page with Brotli when the browser takes it, else gzip, else as it is', async () => {
    const brotli = await get('/', 'gzip, deflate, br, zstd')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page)
    // At a better ratio than Brotli's fast default (quality 4), still cheap enough for every response.
    const fast = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    expect(brotli.rawPayload.length).toBeLessThan(fast.length)

    expect((await get('/', 'gzip')).headers['content-encoding']).toBe('gzip')
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(page)
  })

  it('compresses content API answers', async () => {
    const query = encodeURIComponent(pageQuery)
    const answer = await get(`/v2025-02-19/data/query/production?query=${query}&%24page=%22homePage%22&%24arms=%5B%5D`, 'br')
    expect(answer.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toMatchObject({
      result: { page: { _id: 'homePage' } },
    })
  })

  it('sends a built asset from its precompressed twin, cached for good', async () => {
    const brotli = await get('/assets/app-abc123.js', 'gzip, br')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers['content-type']).toBe('text/javascript')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script)
    // A file that never changes is never revalidated nor fetched in parts: no validators, no ranges,
    // which the page's script budget would pay for (docs/decisions/0040-no-long-task-while-the-page-loads.md).
    expect(brotli.headers).not.toHaveProperty('etag')
    expect(brotli.headers).not.toHaveProperty('last-modified')
    expect(brotli.headers).not.toHaveProperty('accept-ranges')

    expect((await get('/assets/app-abc123.js', 'gzip')).headers['content-encoding']).toBe('gzip')
    expect((await get('/assets/app-abc123.js')).body).toBe(script)
  })

  it('leaves the live event stream uncompressed, so each event reaches the page as it is written', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const stop = new AbortController()
    const response = await fetch(`${address}/v2025-02-19/data/live/events/production`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: stop.signal,
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('content-encoding')).toBeNull()
    stop.abort()
  })
})
