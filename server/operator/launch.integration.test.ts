// The Launch tool's API on both databases, through the same handshake the Studio makes
// (docs/decisions/0043-launch-tool.md): a nonce from the site, a private proof written with a Studio
// user's session, exchanged for a session kept in the database (decision 0059). Each refusal of the
// issues is tried; then the list, the export, an erasure and the audit log, against what SQL says;
// signing out, one session or all of a user's, and the session's limits; the two levels (0060).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { withRegisteredRoutes, type RegisteredRoute } from '../../test/server/registered-routes.ts'
import { sqlAnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { copywriterTokenOf, LOCAL_COPYWRITER_USER_ID, LOCAL_EDITOR_USER_ID } from '../sanity/local-editor.ts'
import { newLaunchProof } from '../../schemas/launch-proof.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const VIEWER_TOKEN = 'a-local-viewer-token-for-tests'
const ANON_KEY = 'local-anon-key'

const COPYWRITER_TOKEN = copywriterTokenOf(EDITOR_TOKEN)

let client = 0
/** A request to a server as the Studio's page makes it: from its origin, each from a client of its own (TRUST_PROXY). */
const studioRequest = (baseUrl: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { origin: STUDIO_ORIGIN, 'x-forwarded-for': `198.51.100.${(client++ % 250) + 1}`, ...init.headers },
  })

/** The routes of the tool's API that need a session, as a server registered them. */
const guardedRoutes = (routes: RegisteredRoute[]) =>
  routes.filter(({ url, access }) => url.startsWith('/api/launch/') && access !== 'public')

/** Each route with the status it answered `cookie`, called as the tool calls it (a write carries a JSON body), the routes that sign out last. */
async function statusesOf(baseUrl: string, routes: RegisteredRoute[], cookie: string) {
  const signsOut = ({ method, url }: RegisteredRoute) => method === 'DELETE' && /\/sessions?$/.test(url)
  const statuses: string[] = []
  for (const { method, url } of [...routes.filter((route) => !signsOut(route)), ...routes.filter(signsOut)]) {
    const path = url.replace(/:[a-z]+/gi, (param) => (param === ':decision' ? 'accept' : crypto.randomUUID())).replace('*', 'x')
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method)
    const response = await studioRequest(baseUrl, path.includes('/report') ? `${path}?from=2026-11-01&to=2026-11-02` : path, {
      method,
      headers: { cookie, ...(write ? { 'content-type': 'application/json' } : {}) },
      ...(write ? { body: '{}' } : {}),
    })
    await response.arrayBuffer()
    statuses.push(`${method} ${url} ${response.status}`)
  }
  return statuses
}

describe.each(databaseVariants)('the Launch tool on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let routes: RegisteredRoute[] = []
  const guarded = () => guardedRoutes(routes)

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    ;({ built: server, routes } = await withRegisteredRoutes(() =>
      startTestServer({
        SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
        SIGNUP_LIMIT: '100000/1m',
        // Every request here comes from one address: each its own client, as a proxy would name them.
        TRUST_PROXY: 'true',
        ...throwaway.env,
      }),
    ))
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
  })

  const api = (path: string, init: RequestInit = {}) => studioRequest(server.url, path, init)

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

  /** A session of the Studio user whose token is `token`: its cookie. */
  const sessionOf = async (token = EDITOR_TOKEN) => (await openSession((await writeProof({ token })).id)).cookie ?? ''

  const statusesWith = (cookie: string) => statusesOf(server.url, guarded(), cookie)

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
    expect(first.body).toEqual({ actor: LOCAL_EDITOR_USER_ID, access: 'people' })
    expect(first.cookie).toMatch(/^pulso_launch=[A-Za-z0-9_-]{43}$/)
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
    expect((await api(path, { headers: { cookie: `pulso_launch=${'A'.repeat(43)}` } })).status).toBe(401)
  })

  it('declares a level on every route of its API', () => {
    const launchRoutes = routes.filter(({ url }) => url.startsWith('/api/launch/'))
    expect(launchRoutes.length).toBeGreaterThan(20)
    expect(launchRoutes.filter(({ access }) => access === undefined)).toEqual([])
  })

  it('keeps only a hash of the credential, with the proof’s nonce, in the database', async () => {
    const cookie = await sessionOf()
    const credential = cookie.split('=')[1] ?? ''
    const { rows } = await server.backend.db.query<{ row: string }>('select s::text as row from operator.sessions s')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map(({ row }) => row).join(' ')).not.toContain(credential)
    const { rows: mine } = await server.backend.db.query(
      `select actor from operator.sessions where credential_hash = sha256(convert_to($1, 'UTF8'))`,
      [credential],
    )
    expect(mine).toEqual([{ actor: LOCAL_EDITOR_USER_ID }])
  })

  it('signs out: the old cookie is then refused by every route', async () => {
    const cookie = await sessionOf()
    expect((await api('/api/launch/session', { headers: { cookie } })).status).toBe(200)
    const out = await api('/api/launch/session', { method: 'DELETE', headers: { cookie } })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^pulso_launch=;/)
    const statuses = await statusesWith(cookie)
    expect(statuses.filter((line) => !line.endsWith(' 401'))).toEqual([])
    const { rows } = await server.backend.db.query(`select action from operator.audit order by id desc limit 1`)
    expect(rows).toEqual([{ action: 'session.ended' }])
  })

  it('signs a user out everywhere, and nobody else', async () => {
    const [here, there, someoneElse] = [await sessionOf(), await sessionOf(), await sessionOf(COPYWRITER_TOKEN)]
    const everywhere = await api('/api/launch/sessions', { method: 'DELETE', headers: { cookie: here } })
    expect(everywhere.status).toBe(200)
    expect(((await everywhere.json()) as { ended: number }).ended).toBeGreaterThanOrEqual(2)
    expect((await api('/api/launch/session', { headers: { cookie: here } })).status).toBe(401)
    expect((await api('/api/launch/session', { headers: { cookie: there } })).status).toBe(401)
    expect((await api('/api/launch/session', { headers: { cookie: someoneElse } })).status).toBe(200)
  })

  it('ends a session unused for 30 minutes, and any after an hour, and sweeps what has ended', async () => {
    const db = server.backend.db
    const credentialOf = (cookie: string) => cookie.split('=')[1] ?? ''
    const [idle, old, fresh] = [await sessionOf(), await sessionOf(), await sessionOf()]
    const session = (cookie: string) => api('/api/launch/session', { headers: { cookie } }).then((response) => response.status)
    const backdate = (cookie: string, column: string, by: string) =>
      db.query(
        `update operator.sessions set ${column} = now() - $2::interval, nonce_expires_at = now() - interval '1 second'
         where credential_hash = sha256(convert_to($1, 'UTF8'))`,
        [credentialOf(cookie), by],
      )
    await backdate(idle, 'seen_at', '29 minutes')
    expect(await session(idle)).toBe(200)
    await backdate(idle, 'seen_at', '31 minutes')
    expect(await session(idle)).toBe(401)
    await backdate(old, 'opened_at', '59 minutes')
    expect(await session(old)).toBe(200)
    await backdate(old, 'opened_at', '61 minutes')
    expect(await session(old)).toBe(401)
    expect(await session(fresh)).toBe(200)

    // The next session opened sweeps both, once their proofs' nonces have expired too; the live one stays.
    await sessionOf()
    const { rows } = await db.query<{ live: boolean }>(
      `select credential_hash = sha256(convert_to($1, 'UTF8')) as live from operator.sessions
       where credential_hash in (sha256(convert_to($1, 'UTF8')), sha256(convert_to($2, 'UTF8')), sha256(convert_to($3, 'UTF8')))`,
      [credentialOf(fresh), credentialOf(idle), credentialOf(old)],
    )
    expect(rows).toEqual([{ live: true }])
  })

  it('gives a member without the people level the numbers, and refuses every people route, audited', async () => {
    const cookie = await sessionOf(COPYWRITER_TOKEN)
    const session = await api('/api/launch/session', { headers: { cookie } })
    expect(await session.json()).toEqual({ actor: LOCAL_COPYWRITER_USER_ID, access: 'numbers' })
    const today = new Date().toISOString().slice(0, 10)
    expect((await api(`/api/launch/report?from=${today}&to=${today}`, { headers: { cookie } })).status).toBe(200)
    expect((await api('/api/launch/experiments', { headers: { cookie } })).status).toBe(200)
    const statuses = await statusesWith(cookie)
    const people = guarded().filter(({ access }) => access === 'people')
    expect(people.length).toBeGreaterThan(15)
    for (const { method, url } of people) expect(statuses).toContain(`${method} ${url} 403`)

    const { rows } = await server.backend.db.query<{ detail: { method: string; route: string } }>(
      `select detail from operator.audit where actor = $1 and action = 'access.refused'`,
      [LOCAL_COPYWRITER_USER_ID],
    )
    expect(new Set(rows.map(({ detail }) => `${detail.method} ${detail.route}`))).toEqual(
      new Set(people.map(({ method, url }) => `${method} ${url}`)),
    )
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
    const percent = (await (await api('/api/launch/waitlist?search=%25%25%25', { headers })).json()) as { total: number }
    expect(percent.total).toBe(0)
    // Too short for the trigram indexes: refused rather than answered by reading every place.
    const short = await api('/api/launch/waitlist?search=%20br%20', { headers })
    expect(short.status).toBe(400)
    expect(await short.text()).toMatch(/at least 3 characters/)
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
    expect(new Set(audit.entries.slice(0, 6).map((entry) => entry.actor))).toEqual(new Set([LOCAL_EDITOR_USER_ID]))
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

describe('the Launch tool on two servers sharing one PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined
  let first: TestServer
  let second: TestServer
  let routes: RegisteredRoute[] = []

  beforeAll(async () => {
    const throwaway = await databaseVariants.find(({ name }) => name === 'PostgreSQL')!.database()
    drop = throwaway.drop
    const env = {
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
      TRUST_PROXY: 'true',
      ...throwaway.env,
    }
    first = await startTestServer(env)
    ;({ built: second, routes } = await withRegisteredRoutes(() => startTestServer(env)))
  }, 60_000)

  afterAll(async () => {
    await first?.close()
    await second?.close()
    await drop?.()
  })

  it('ends on the second server a session signed out on the first, on every route', async () => {
    const cookie = await launchCookie(first.url, EDITOR_TOKEN)
    expect((await studioRequest(second.url, '/api/launch/waitlist', { headers: { cookie } })).status).toBe(200)
    expect((await studioRequest(first.url, '/api/launch/session', { method: 'DELETE', headers: { cookie } })).status).toBe(204)
    const statuses = await statusesOf(second.url, guardedRoutes(routes), cookie)
    expect(statuses.length).toBeGreaterThan(20)
    expect(statuses.filter((line) => !line.endsWith(' 401'))).toEqual([])
  })

  it('signs a user out everywhere from the second server, sessions opened on the first too', async () => {
    const [onFirst, onSecond] = [await launchCookie(first.url, EDITOR_TOKEN), await launchCookie(second.url, EDITOR_TOKEN)]
    expect(
      (await studioRequest(second.url, '/api/launch/sessions', { method: 'DELETE', headers: { cookie: onSecond } })).status,
    ).toBe(200)
    expect((await studioRequest(first.url, '/api/launch/session', { headers: { cookie: onFirst } })).status).toBe(401)
    expect((await studioRequest(second.url, '/api/launch/session', { headers: { cookie: onFirst } })).status).toBe(401)
  })
})
