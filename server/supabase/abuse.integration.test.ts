// The self-hosted server as an abuser meets it: request limits from the database's pre-request
// hook, the client address it trusts, one person per request and per address, a proof of work
// for every welcome, and answers that never say who is on the list. On PGlite and PostgreSQL.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createServer, type PulsoServer } from '../create-server.ts'
import { createThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { uniqueAddress } from '../../test/eventually.ts'
import { standInPage } from '../../test/server/test-server.ts'

const ANON_KEY = 'local-anon-key'

const databases = [
  { name: 'PGlite', open: async () => ({ env: {}, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    open: async () => {
      const database = await createThrowawayDatabase(inject('testDatabaseUrl'))
      return { env: { DATABASE_URL: database.url }, drop: database.drop }
    },
  },
]

/** A running server over its own database; `env` on top of a silent, file-mailing setup. */
async function startServer(workDir: string, env: Record<string, string>) {
  await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
  const server: PulsoServer = await createServer(
    loadConfig({ DATA_DIR: join(workDir, 'data'), LOG_LEVEL: 'silent', MAIL_SWEEP_SECONDS: '3600', ...env }),
    { distDir: join(workDir, 'dist'), renderer: standInPage },
  )
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  const address = server.app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port')
  return { server, url: `http://127.0.0.1:${address.port}` }
}

const headers = (extra: Record<string, string> = {}) => ({ apikey: ANON_KEY, 'content-type': 'application/json', ...extra })

describe.each(databases)('abuse on $name', ({ name, open }) => {
  let workDir: string
  let env: Record<string, string>
  let drop: () => Promise<void>
  let server: PulsoServer
  let url: string

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'pulso-abuse-'))
    const database = await open()
    drop = database.drop
    env = database.env
    ;({ server, url } = await startServer(workDir, env))
  }, 60_000)

  afterAll(async () => {
    await server?.app.close()
    await drop?.()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  // Each test starts with every window empty.
  beforeEach(() => server.signups?.db.query('delete from guard.hits').then(() => undefined))

  const insert = (body: unknown, extra?: Record<string, string>) =>
    fetch(`${url}/rest/v1/waitlist`, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) })
  const row = (email = uniqueAddress('flood')) => ({ email, role: 'CTO', company_size: 'unknown' })
  const rows = async (email: string) =>
    (await server.signups?.db.query('select email from public.waitlist where lower(email) = lower($1)', [email]))?.rows ?? []

  /** A challenge from the function, solved as the widget solves it: the welcome's `altcha` field. */
  async function solution(): Promise<string> {
    const challenge = (await (await fetch(`${url}/functions/v1/send-welcome-email`, { headers: headers() })).json()) as Challenge
    const solved = await solveChallenge({ challenge, deriveKey })
    return btoa(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution: solved }),
    )
  }
  const welcome = async (body: Record<string, unknown>, extra?: Record<string, string>) =>
    fetch(`${url}/functions/v1/send-welcome-email`, {
      method: 'POST',
      headers: headers(extra),
      body: JSON.stringify({ name: 'Ana', role: 'CTO', lang: 'pt', altcha: await solution(), ...body }),
    })

  it('40 inserts from one address: 10 accepted, then 429 with Retry-After, and a forged X-Forwarded-For changes nothing', async () => {
    const statuses: number[] = []
    let refused: Response | undefined
    for (let i = 0; i < 40; i++) {
      // Half of them claim to come from somewhere else; TRUST_PROXY is unset, so nobody believes it.
      const response = await insert(row(), i % 2 ? { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `192.0.2.${i}` } : {})
      statuses.push(response.status)
      if (response.status === 429) refused ??= response
      else await response.arrayBuffer()
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201))
    expect(statuses.slice(10)).toEqual(Array(30).fill(429))
    const retryAfter = Number(refused?.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(500)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await refused?.json()).toEqual({
      code: 'PT429',
      message: 'Too many sign-ups from this address.',
      details: `Try again in ${retryAfter} seconds.`,
      hint: null,
    })
  })

  it('refuses a 30,000-row array before any database work (413), and a two-row array (400)', async () => {
    const flood = Array.from({ length: 30_000 }, () => row())
    const response = await insert(flood)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PT413' })
    expect(await rows(flood[0]?.email ?? '')).toEqual([])
    expect(await server.signups?.db.query('select count(*)::int as n from guard.hits')).toMatchObject({ rows: [{ n: 0 }] })

    const pair = [row(), row()]
    const two = await insert(pair)
    expect(two.status).toBe(400)
    expect(await two.text()).toBe('')
    expect([...(await rows(pair[0]?.email ?? '')), ...(await rows(pair[1]?.email ?? ''))]).toEqual([])
  })

  it('keeps one row and answers the same for six spellings of one mailbox', async () => {
    const email = uniqueAddress('victim')
    const [local, domain] = email.split('@')
    const spellings = [email, `x<${email}>`, `"q"<${email}>`, `g:${email};`, `(c)${email}`, `${local}@${domain?.toUpperCase()}.`]
    const statuses = []
    for (const spelling of spellings) statuses.push((await insert(row(spelling))).status)
    expect(statuses).toEqual([201, 400, 400, 400, 400, 201])
    expect(await rows(email)).toEqual([{ email }])
  })

  it('answers a welcome the same whether the address is listed, unlisted or welcomed already', async () => {
    const listed = uniqueAddress('listed')
    expect((await insert(row(listed))).status).toBe(201)
    const answers = []
    for (const email of [listed, uniqueAddress('stranger'), listed]) {
      const response = await welcome({ email })
      answers.push({ status: response.status, body: await response.json() })
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { status: 'queued' } }))
    const welcomes = await server.signups?.db.query('select email, name from public.welcome_emails where email = $1', [listed])
    expect(welcomes?.rows).toEqual([{ email: listed, name: 'Ana' }])
  })

  it('refuses a welcome without a solution (400) or with one already used (403), sending nothing', async () => {
    const email = uniqueAddress('proof')
    expect((await insert(row(email))).status).toBe(201)
    const without = await fetch(`${url}/functions/v1/send-welcome-email`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ name: 'Ana', email, role: 'CTO' }),
    })
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({ error: 'proof_of_work_required' })

    const altcha = await solution()
    const first = await welcome({ email: uniqueAddress('other'), altcha })
    expect(first.status).toBe(202)
    const replayed = await welcome({ email, altcha })
    expect(replayed.status).toBe(403)
    expect(await replayed.json()).toMatchObject({ error: 'proof_of_work_refused' })
    expect((await server.signups?.db.query('select 1 from public.welcome_emails where email = $1', [email]))?.rows).toEqual([])
  })

  // The embedded database is one process's alone.
  it.skipIf(name === 'PGlite')(
    'accepts a solution to a challenge another server on the same database signed, with no key configured',
    async () => {
      const otherDir = await mkdtemp(join(tmpdir(), 'pulso-abuse-other-'))
      const other = await startServer(otherDir, env)
      try {
        const email = uniqueAddress('shared-key')
        expect((await insert(row(email))).status).toBe(201)
        const answer = await fetch(`${other.url}/functions/v1/send-welcome-email`, {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify({ name: 'Ana', email, role: 'CTO', lang: 'pt', altcha: await solution() }),
        })
        expect(answer.status).toBe(202)
      } finally {
        await other.server.app.close()
        await rm(otherDir, { recursive: true, force: true })
      }
    },
  )

  it('bounds welcomes per mailbox (3 an hour), counting what is queued, and per client (10 in 10 minutes)', async () => {
    // One gmail inbox under four spellings, listed as four places before one place per inbox (decision
    // 0061; addresses of their own then, spelled as the inbox now): three welcomes.
    const inbox = uniqueAddress('inbox').split('@')[0] ?? 'inbox'
    const spellings = [
      `${inbox}@gmail.com`,
      `${inbox.slice(0, 2)}.${inbox.slice(2)}@gmail.com`,
      `${inbox}+a@googlemail.com`,
      `${inbox}+b@gmail.com`,
    ]
    for (const email of spellings) {
      const other = uniqueAddress('listed-before')
      expect((await insert(row(other))).status).toBe(201)
      await server.signups?.db.query('update public.waitlist set email = $1 where email = $2', [email, other])
    }
    const answers = []
    for (const email of spellings) answers.push((await welcome({ email })).status)
    expect(answers).toEqual([202, 202, 202, 202])
    const queued = await server.signups?.db.query<{ email: string }>(
      'select email from public.welcome_emails where email = any($1) order by id',
      [spellings],
    )
    expect(queued?.rows.map((welcome) => welcome.email)).toEqual(spellings.slice(0, 3))

    const perClient = []
    for (let i = 0; i < 7; i++) perClient.push((await welcome({ email: uniqueAddress('client') })).status)
    expect(perClient).toEqual([202, 202, 202, 202, 202, 202, 429])
  })

  it("never lets a stranger spend a person's welcome: asked for before the sign-up, it still goes out", async () => {
    const bob = uniqueAddress('bob')
    for (let i = 0; i < 3; i++) expect((await welcome({ email: bob })).status).toBe(202)
    expect((await insert(row(bob))).status).toBe(201)
    expect((await welcome({ email: bob, name: 'Bob' })).status).toBe(202)
    const welcomes = await server.signups?.db.query('select email, name from public.welcome_emails where email = $1', [bob])
    expect(welcomes?.rows).toEqual([{ email: bob, name: 'Bob' }])
  })

  it('answers a body that breaks a rule alike for a listed and an unlisted address, and counts every refusal', async () => {
    const listed = uniqueAddress('alice')
    expect((await insert(row(listed))).status).toBe(201)
    const [local, domain] = listed.split('@')
    const bodies = (email: string) => [
      { email },
      { email, role: '   ' },
      { email, role: 'CTO', company_size: 'big' },
      { email: `  ${local}@${domain?.toUpperCase()}.`, role: 'x'.repeat(201) },
    ]
    const answer = async (body: unknown) => {
      const response = await insert(body)
      return { status: response.status, body: await response.text() }
    }
    const unlisted = uniqueAddress('nobody')
    for (const [forListed, forUnlisted] of bodies(listed).map((body, i) => [body, bodies(unlisted)[i]] as const)) {
      const [a, b] = [await answer(forListed), await answer(forUnlisted)]
      expect(a.status).toBe(400)
      expect(a).toEqual(b)
    }
    // One sign-up and eight refusals leave this client one of its ten: then 429, valid or not.
    expect((await insert(row())).status).toBe(201)
    expect((await insert(row())).status).toBe(429)
    expect((await insert({ email: 'not an address' })).status).toBe(429)
  })

  it('40 invalid inserts from one client: refused (400) until the limit, then 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      const response = await insert({ email: `invalid-${i}`, role: 'CTO' })
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400))
    expect(statuses.slice(10)).toEqual(Array(30).fill(429))
  })

  it('counts the refusals PostgREST answers from the body alone: an unknown column, bad JSON, an upsert', async () => {
    const refused = [
      () => insert({ ...row(), colour: 'red' }),
      () => fetch(`${url}/rest/v1/waitlist`, { method: 'POST', headers: headers(), body: '{"email": "a@b.example", "role": ' }),
      () => insert(row(), { prefer: 'resolution=merge-duplicates' }),
    ]
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const response = await refused[i % refused.length]!()
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    expect(statuses.slice(0, 10)).toEqual([400, 400, 401, 400, 400, 401, 400, 400, 401, 400])
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let workDir: string
  let server: PulsoServer
  let url: string

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'pulso-abuse-proxy-'))
    ;({ server, url } = await startServer(workDir, { TRUST_PROXY: 'true', CAPTCHA: 'off' }))
  }, 60_000)

  afterAll(async () => {
    await server?.app.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  it('counts each client the proxy names on its own, and still limits each of them', async () => {
    const statuses = (client: string) =>
      Promise.all(
        Array.from({ length: 11 }, async () => {
          const response = await fetch(`${url}/rest/v1/waitlist`, {
            method: 'POST',
            headers: headers({ 'x-forwarded-for': client }),
            body: JSON.stringify({ email: uniqueAddress('proxied'), role: 'CTO' }),
          })
          return response.status
        }),
      )
    for (const client of ['203.0.113.1', '203.0.113.2']) {
      const answers = await statuses(client)
      expect(answers.filter((status) => status === 201)).toHaveLength(10)
      expect(answers.filter((status) => status === 429)).toHaveLength(1)
    }
  })
})
