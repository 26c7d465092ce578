// The pre-request hook as hosted Supabase runs it: a PostgreSQL with Supabase's roles and an
// `authenticator` role, the migrations applied, and each request made the way PostgREST makes
// it (connected as authenticator: begin; set local role anon; the request settings; the hook;
// the insert). No PostgREST binary runs here (none is packaged for this machine), so the calls
// are its documented ones, made by hand.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { uniqueAddress } from '../../test/eventually.ts'
import { openDatabase, type Database } from './database.ts'
import { migrate } from './migrate.ts'

const AUTHENTICATOR_PASSWORD = 'authenticator-in-tests'

/** Supabase's login role for PostgREST: no rights of its own, it becomes anon per request. */
async function ensureAuthenticator() {
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') })
  await admin.connect()
  try {
    await admin.query(`select pg_advisory_lock(hashtext('pulso_test_supabase_roles'))`)
    const { rowCount } = await admin.query(`select from pg_roles where rolname = 'authenticator'`)
    if (!rowCount) await admin.query(`create role authenticator login noinherit password '${AUTHENTICATOR_PASSWORD}'`)
    await admin.query('grant anon, authenticated to authenticator')
    await admin.query(`select pg_advisory_unlock(hashtext('pulso_test_supabase_roles'))`)
  } finally {
    await admin.end()
  }
}

interface PostgrestCall {
  headers: Record<string, string>
  path?: string
  method?: string
  /** The JSON body of an insert; a fresh sign-up when not given. */
  body?: Record<string, unknown>
}

describe('guard.check_request, called as PostgREST calls it', () => {
  let throwaway: ThrowawayDatabase
  let db: Database
  let authenticator: pg.Pool

  beforeAll(async () => {
    // After the API roles it is granted, which the throwaway database's creation makes on a fresh server.
    throwaway = await createThrowawayDatabase(inject('testDatabaseUrl'))
    await ensureAuthenticator()
    db = await openDatabase({ databaseUrl: throwaway.url, dataDir: '' })
    await migrate(db, 'supabase/migrations')
    const url = new URL(throwaway.url)
    url.username = 'authenticator'
    url.password = AUTHENTICATOR_PASSWORD
    authenticator = new pg.Pool({ connectionString: url.toString(), max: 2 })
  })

  afterAll(async () => {
    await authenticator?.end()
    await db?.close()
    await throwaway?.drop()
  })

  /**
   * One Data API request: its transaction, role, settings, pre-request hook and insert, the insert in
   * PostgREST's shape (the body through json_populate_recordset, then the status a statement set
   * itself, read once every row is in), then commit, as PostgREST ends a request that raised nothing.
   */
  async function request({
    headers,
    path = '/waitlist',
    method = 'POST',
    body = { email: uniqueAddress('pgrst'), role: 'CTO' },
  }: PostgrestCall) {
    const client = await authenticator.connect()
    try {
      await client.query('begin')
      await client.query('set local role anon')
      await client.query(
        `select set_config('request.method', $1, true), set_config('request.path', $2, true),
                set_config('request.headers', $3, true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
        [method, path, JSON.stringify(headers)],
      )
      const hook = (await client.query<{ hook: string }>(`select current_setting('pgrst.db_pre_request') as hook`)).rows[0]?.hook
      await client.query(`select ${hook}()`)
      let status = method === 'POST' ? 201 : 200
      if (method === 'POST') {
        const columns = Object.keys(body)
          .map((name) => `"${name}"`)
          .join(', ')
        const { rows } = await client.query<{ response_status: string | null }>(
          `with pgrst_source as (
             insert into public.waitlist (${columns})
             select ${columns} from json_populate_recordset(null::public.waitlist, $1::json) returning 1
           )
           select count(*) as page_total, nullif(current_setting('response.status', true), '') as response_status
           from pgrst_source`,
          [JSON.stringify([body])],
        )
        status = Number(rows[0]?.response_status ?? status)
      }
      await client.query('commit')
      return { status }
    } catch (error) {
      await client.query('rollback')
      const { code, message, detail } = error as { code: string; message: string; detail: string }
      if (code !== 'PGRST') throw error
      const { status, headers: answerHeaders } = JSON.parse(detail) as { status: number; headers: Record<string, string> }
      return { status, headers: answerHeaders, body: JSON.parse(message) as Record<string, unknown> }
    } finally {
      client.release()
    }
  }

  it('is registered as authenticator’s pre-request hook by the migrations', async () => {
    const { rows } = await authenticator.query<{ hook: string }>(`select current_setting('pgrst.db_pre_request') as hook`)
    expect(rows).toEqual([{ hook: 'guard.check_request' }])
  })

  it('lets 10 sign-ups from one client address through, then answers 429 with Retry-After, per address', async () => {
    const client = { 'x-forwarded-for': '203.0.113.10' }
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await request({ headers: client }))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10)
    expect(answers.slice(0, 10).every((answer) => answer.status === 201)).toBe(true)
    const refused = answers[10]
    expect(refused?.status).toBe(429)
    expect(Number(refused?.headers?.['Retry-After'])).toBeGreaterThan(590)
    expect(Number(refused?.headers?.['Retry-After'])).toBeLessThanOrEqual(600)
    expect(refused?.body).toMatchObject({ code: 'PT429', message: 'Too many sign-ups from this address.' })

    // Another client is not affected: there is no global limit.
    expect(await request({ headers: { 'x-forwarded-for': '198.51.100.20' } })).toEqual({ status: 201 })
    // Cloudflare's CF-Connecting-IP, when present, is the client (a forged first X-Forwarded-For is not).
    expect(
      (await request({ headers: { 'cf-connecting-ip': '203.0.113.10', 'x-forwarded-for': '192.0.2.99, 203.0.113.10' } })).status,
    ).toBe(429)
  })

  it('counts IPv6 clients per /64', async () => {
    const answers = []
    for (let host = 1; host <= 11; host++)
      answers.push(await request({ headers: { 'x-forwarded-for': `2001:db8:aa:bb::${host}` } }))
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(201), 429])
  })

  it('counts refused inserts too: 40 invalid ones from one client are 400 until the limit, then 429', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.60' }
    const statuses = []
    for (let i = 0; i < 40; i++) statuses.push((await request({ headers, body: { email: `invalid-${i}`, role: 'CTO' } })).status)
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(30).fill(429)])
  })

  it('answers a rule-breaking body the same for a listed and an unlisted address', async () => {
    const listed = uniqueAddress('alice')
    expect(await request({ headers: { 'x-forwarded-for': '203.0.113.61' }, body: { email: listed, role: 'CTO' } })).toEqual({
      status: 201,
    })
    const bodies = (email: string) => [
      { email },
      { email, role: '   ' },
      { email, role: 'CTO', company_size: 'big' },
      { email: ` ${email.toUpperCase()}.`, role: 'x'.repeat(201) },
    ]
    const unlisted = uniqueAddress('nobody')
    for (const [i, body] of bodies(listed).entries()) {
      const headers = { 'x-forwarded-for': `203.0.113.${70 + i}` }
      expect(await request({ headers, body })).toEqual({ status: 400 })
      expect(await request({ headers, body: bodies(unlisted)[i] })).toEqual({ status: 400 })
    }
    const { rows } = await db.query('select count(*)::int as n from public.waitlist where lower(email) = lower($1)', [unlisted])
    expect(rows).toEqual([{ n: 0 }])
  })

  it('keeps no row of a request that carries two, and answers it 400', async () => {
    const [first, second] = [uniqueAddress('one'), uniqueAddress('two')]
    const client = await authenticator.connect()
    try {
      await client.query('begin')
      await client.query('set local role anon')
      const { rows } = await client.query<{ response_status: string | null }>(
        `with pgrst_source as (
           insert into public.waitlist (email, role)
           select email, role from json_populate_recordset(null::public.waitlist, $1::json) returning 1
         )
         select count(*), nullif(current_setting('response.status', true), '') as response_status from pgrst_source`,
        [JSON.stringify([first, second].map((email) => ({ email, role: 'CTO' })))],
      )
      await client.query('commit')
      expect(rows[0]?.response_status).toBe('400')
    } catch (error) {
      await client.query('rollback')
      throw error
    } finally {
      client.release()
    }
    const { rows } = await db.query('select email from public.waitlist where email = any($1)', [[first, second]])
    expect(rows).toEqual([])
  })

  it('refuses a body larger than one sign-up (413) before inserting', async () => {
    const answer = await request({ headers: { 'x-forwarded-for': '192.0.2.30', 'content-length': '1800000' } })
    expect(answer).toMatchObject({ status: 413, body: { code: 'PT413' } })
  })

  it('keeps only open windows: each call prunes rows whose window has closed', async () => {
    await db.query(
      `insert into guard.hits (bucket, subject_hash, at, expires_at)
       select 'signup', sha256(convert_to('old-' || n, 'UTF8')), now() - interval '2 hours', now() - interval '1 hour'
       from generate_series(1, 150) n`,
    )
    const expired = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from guard.hits where expires_at <= now()`)).rows[0]?.n
    expect(await expired()).toBe(150)
    await request({ headers: { 'x-forwarded-for': '192.0.2.40' } })
    expect(await expired()).toBe(50)
    await request({ headers: { 'x-forwarded-for': '192.0.2.41' } })
    expect(await expired()).toBe(0)
  })

  it('leaves every other request alone', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.10' }
    expect(await request({ headers, method: 'GET' })).toEqual({ status: 200 })
    expect(await request({ headers, method: 'GET', path: '/rpc/anything' })).toEqual({ status: 200 })
  })
})
