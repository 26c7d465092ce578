// The server as `npm start` makes it (createServer from a configuration), driven with inject():
// every route group answers, /healthz tells a working server from a broken one, and closing the
// app closes what the server opened.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createServer, type PulsoServer } from './create-server.ts'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import { pageQuery } from '../web/src/shared/content/page-query.ts'
import { openDatabase } from './db/database.ts'
import { createThrowawayDatabase } from '../test/database/throwaway-postgres.ts'

let workDir: string
let seedDir: string
let server: PulsoServer | undefined

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'pulso-create-server-'))
  seedDir = join(workDir, 'seed')
  await cp(resolve(import.meta.dirname, '../studio/seed'), seedDir, { recursive: true })
  await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
})

afterEach(async () => {
  await server?.app.close()
  server = undefined
  await rm(workDir, { recursive: true, force: true })
})

/** The server over a copy of the seed and a database of its own; pages rendered by a stand-in. */
async function start(env: Record<string, string> = {}) {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DIR: seedDir, DATA_DIR: join(workDir, 'data'), ...env })
  server = await createServer(config, {
    distDir: join(workDir, 'dist'),
    renderer: {
      render: ({ path, preferredLocale }) => ({
        status: path === '/' || path === '/en' ? 200 : 404,
        html: `${preferredLocale} ${path}`,
        sources: { script: [], style: [] },
      }),
    },
  })
  return server.app
}

// Each test starts a whole server (the database migrated, the seed read): on a busy machine that
// alone can take half a minute, so the bound is the start-up's, not a page's.
describe('createServer', { timeout: 120_000 }, () => {
  it('answers every route group: pages, content API, sign-ups, preview, health', async () => {
    const app = await start()
    const inject = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers })

    expect((await inject('/')).body).toBe('pt /')
    const chosen = await inject('/', { cookie: 'lang=en' })
    expect({ status: chosen.statusCode, location: chosen.headers.location }).toEqual({ status: 302, location: '/en' })
    expect((await inject('/no/such/page', { accept: 'text/html' })).statusCode).toBe(404)
    expect((await inject('/no/such/page', { accept: 'application/json' })).json()).toEqual({ message: 'Not found' })
    expect((await inject('/robots.txt')).statusCode).toBe(200)

    // As the page sends it: its document id and the visitor's arms of the running experiments (none here).
    const pageAnswer = await inject(
      `/v2025-02-19/data/query/production?query=${encodeURIComponent(pageQuery)}&%24page=%22${HOME_PAGE_ID}%22&%24arms=%5B%5D`,
    )
    expect(pageAnswer.json()).toMatchObject({ result: { page: { _id: HOME_PAGE_ID } } })
    const otherQuery = encodeURIComponent('*[_id == "hero"][0]._type')
    expect((await inject(`/v2025-02-19/data/query/production?query=${otherQuery}`)).statusCode).toBe(403) // needs the token
    expect((await inject('/rest/v1/waitlist')).statusCode).toBe(401) // no anon key
    expect((await inject('/api/preview/content')).statusCode).toBe(401) // no preview cookie
    expect((await inject('/healthz')).json()).toEqual({ status: 'ok', checks: { content: 'ok', database: 'ok' } })
  })

  it('sends the landing pages without an opener policy, which would put them in a new process; other pages keep it', async () => {
    const app = await start()
    const openerPolicy = async (url: string) =>
      (await app.inject({ url, headers: { accept: 'text/html' } })).headers['cross-origin-opener-policy']
    expect(await openerPolicy('/')).toBeUndefined()
    expect(await openerPolicy('/en')).toBeUndefined()
    expect(await openerPolicy('/no/such/page')).toBe('same-origin')
  })

  it('answers /healthz with 503 naming the content while the seed is unreadable, and 200 once it is back', async () => {
    const app = await start()
    const backup = join(workDir, 'data.ndjson.bak')
    await cp(join(seedDir, 'data.ndjson'), backup)
    await rm(join(seedDir, 'data.ndjson'))
    const broken = await app.inject({ url: '/healthz' })
    expect(broken.statusCode).toBe(503)
    expect(broken.json()).toEqual({ status: 'unavailable', checks: { content: 'failed', database: 'ok' } })

    await cp(backup, join(seedDir, 'data.ndjson'))
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
  })

  it('answers /healthz with 503 naming the database once PostgreSQL is gone', async () => {
    const database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    const app = await start({ DATABASE_URL: database.url })
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ checks: { database: 'ok' } })
    await database.drop()
    const answer = await app.inject({ url: '/healthz' })
    expect(answer.statusCode).toBe(503)
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { content: 'ok', database: 'failed' } })
  })

  it('has no database check when hosted Supabase answers the sign-ups', async () => {
    const app = await start({ SUPABASE_URL: 'https://project.supabase.co', SUPABASE_ANON_KEY: 'a-publishable-key-for-tests' })
    expect(server?.signups).toBeUndefined()
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', checks: { content: 'ok' } })
    expect((await app.inject({ url: '/rest/v1/waitlist' })).statusCode).toBe(404)
  })

  it('closes the embedded database with the app, so the next process can open it at once', async () => {
    const app = await start()
    await app.close()
    server = undefined
    const db = await openDatabase({ databaseUrl: undefined, dataDir: join(workDir, 'data') })
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.waitlist')).rows).toEqual([{ n: 0 }])
    await db.close()
  })
})
