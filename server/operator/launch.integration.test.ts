// The Launch tool's API on both databases, through the same handshake the Studio makes
// (docs/decisions/0043-launch-tool.md): a nonce from the site, a private proof written with the
// editor's session, exchanged for a credential. Each refusal of the issue is tried; then the list,
// the export, an erasure and the audit log, against what SQL says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { sqlAnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { LOCAL_EDITOR_USER_ID } from '../sanity/local-editor.ts'
import { newLaunchProof } from '../../schemas/launch-proof.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const VIEWER_TOKEN = 'a-local-viewer-token-for-tests'
const ANON_KEY = 'local-anon-key'

describe.each(databaseVariants)('the Launch tool on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    server = await startTestServer({
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
      SIGNUP_LIMIT: '100000/1m',
      ...throwaway.env,
    })
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
  })

  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init)

  /** What the Studio does with its user's session: a nonce from the site, then a private proof holding it. */
  async function writeProof({ token = EDITOR_TOKEN, nonce }: { token?: string; nonce?: string } = {}) {
    const given = nonce ?? ((await (await api('/api/launch/nonce')).json()) as { nonce: string }).nonce
    const proof = newLaunchProof(given)
    const response = await api(`/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mutations: [{ create: proof }] }),
    })
    return { id: proof._id, written: response.status }
  }

  async function openSession(proof: string) {
    const response = await api('/api/launch/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proof }),
    })
    const cookie = response.headers.get('set-cookie')?.split(';')[0]
    return { status: response.status, cookie, body: (await response.json()) as Record<string, unknown> }
  }

  async function signUp(email: string, role = 'Head of People') {
    const response = await api('/rest/v1/waitlist', {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ email, role, company_size: 'unknown' }),
    })
    expect(response.status).toBe(201)
  }

  it('opens for an editor whose proof holds a fresh nonce, once', async () => {
    const { id, written } = await writeProof()
    expect(written).toBe(200)
    const first = await openSession(id)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ actor: LOCAL_EDITOR_USER_ID })
    expect(first.cookie).toMatch(/^pulso_launch=/)
    const replayed = await openSession(id)
    expect(replayed.status).toBe(401)
    expect(replayed.cookie).toBeUndefined()
  })

  it.each([
    ['no proof at all', async () => 'pulso-launch-proof.does-not-exist'],
    ['a proof id without the private dot', async () => 'pulso-launch-proof-public'],
    [
      'a forged nonce',
      async () => (await writeProof({ nonce: `${'A'.repeat(22)}.${Date.now() + 30_000}.${'B'.repeat(43)}` })).id,
    ],
    [
      'an expired nonce',
      async () => (await writeProof({ nonce: `${'A'.repeat(22)}.${Date.now() - 1_000}.${'B'.repeat(43)}` })).id,
    ],
  ])('refuses %s with 401 and no credential', async (_case, proofOf) => {
    const { status, cookie } = await openSession(await proofOf())
    expect(status).toBe(401)
    expect(cookie).toBeUndefined()
  })

  it('lets no read-only token or anonymous caller write a proof', async () => {
    expect((await writeProof({ token: VIEWER_TOKEN })).written).toBe(403)
    expect((await writeProof({ token: 'not-a-token-of-this-project' })).written).toBe(401)
  })

  it.each([
    '/api/launch/report?from=2026-11-01&to=2026-11-30',
    '/api/launch/waitlist',
    '/api/launch/waitlist.csv',
    '/api/launch/audit',
  ])('answers %s 401 without a credential, and with a forged one', async (path) => {
    expect((await api(path)).status).toBe(401)
    expect((await api(path, { headers: { cookie: 'pulso_launch=1999999999999.pLocalEditor.forged' } })).status).toBe(401)
  })

  it('lists, exports and erases, each audited under the editor, with no personal data in the audit', async () => {
    await signUp('ana.souza@empresa.example', 'Head of People')
    await signUp('bruno@empresa.example', 'Engineering Manager')
    await signUp('carla+team@outra.example', 'Team Lead')
    const db = server.backend.db
    await db.query(`update public.waitlist set confirmed_at = now() where email = 'bruno@empresa.example'`)

    const { cookie } = await openSession((await writeProof()).id)
    const headers = { cookie: cookie ?? '' }

    const all = (await (await api('/api/launch/waitlist', { headers })).json()) as { total: number; rows: { email: string }[] }
    expect(all.total).toBe(3)
    expect(all.rows.map((row) => row.email)).toEqual([
      'carla+team@outra.example',
      'bruno@empresa.example',
      'ana.souza@empresa.example',
    ])

    const confirmed = (await (await api('/api/launch/waitlist?status=confirmed', { headers })).json()) as {
      rows: { email: string }[]
    }
    expect(confirmed.rows.map((row) => row.email)).toEqual(['bruno@empresa.example'])
    const searched = (await (await api('/api/launch/waitlist?search=EMPRESA', { headers })).json()) as { total: number }
    expect(searched.total).toBe(2)
    const percent = (await (await api('/api/launch/waitlist?search=%25', { headers })).json()) as { total: number }
    expect(percent.total).toBe(0)
    expect((await api('/api/launch/waitlist?status=removed', { headers })).status).toBe(400)

    const csv = await api('/api/launch/waitlist.csv', { headers })
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = (await csv.text()).trimEnd().split('\r\n')
    const { rows: sql } = await db.query<{ email: string }>('select email from public.waitlist order by created_at, email')
    expect(lines[0]).toMatch(/^"email","role","company_size","created_at","confirmed"/)
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(sql.map((row) => `"${row.email}"`))

    const { rows: ana } = await db.query<{ id: string }>(
      `select id from public.waitlist where email = 'ana.souza@empresa.example'`,
    )
    const erased = await api(`/api/launch/waitlist/${ana[0]!.id}/erase`, { method: 'POST', headers })
    expect(erased.status).toBe(204)
    expect((await api(`/api/launch/waitlist/${ana[0]!.id}/erase`, { method: 'POST', headers })).status).toBe(404)
    const { rows: left } = await db.query(`select 1 from public.waitlist where email like 'ana%'`)
    expect(left).toEqual([])

    const audit = (await (await api('/api/launch/audit', { headers })).json()) as {
      entries: { actor: string; action: string; detail: unknown }[]
    }
    expect(audit.entries.map((entry) => entry.action).slice(0, 6)).toEqual([
      'person.erased',
      'waitlist.exported',
      'waitlist.read',
      'waitlist.read',
      'waitlist.read',
      'waitlist.read',
    ])
    expect(new Set(audit.entries.map((entry) => entry.actor))).toEqual(new Set([LOCAL_EDITOR_USER_ID]))
    const { rows: dump } = await db.query<{ text: string }>("select string_agg(a::text, ' ') as text from operator.audit a")
    expect(dump[0]!.text).not.toMatch(/empresa|outra|ana|bruno|carla|Head of People/i)
  })

  it('passes the report on as the database makes it, and refuses a wrong range or filter', async () => {
    const { cookie } = await openSession((await writeProof()).id)
    const headers = { cookie: cookie ?? '' }
    const today = new Date().toISOString().slice(0, 10)
    const viaApi = await (await api(`/api/launch/report?from=${today}&to=${today}&language=en`, { headers })).json()
    expect(viaApi).toEqual(await sqlAnalyticsApi(server.backend.db).report(today, today, { language: 'en' }))
    expect((await api(`/api/launch/report?from=${today}&to=2020-01-01`, { headers })).status).toBe(400)
    expect((await api(`/api/launch/report?from=${today}&to=${today}&colour=red`, { headers })).status).toBe(400)
  })

  it('keeps the operator functions from the public roles', async () => {
    const denied = server.backend.db.queryAsAnon(`select operator.audit_log(10)`)
    await expect(denied).rejects.toThrow(/permission denied/)
    const viaRest = await api('/rest/v1/rpc/operator_audit_log', {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: '{"p_limit": 10}',
    })
    expect(viaRest.status).toBeGreaterThanOrEqual(400)
  })
})
