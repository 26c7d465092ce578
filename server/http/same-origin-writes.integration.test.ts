// Cross-site writes to the Launch tool's API (issue 37; docs/decisions/0058-same-origin-writes.md),
// as a page on another site makes a browser send them with the operator's cookie: every route under
// /api/launch/ that changes state, listed from the server itself, refuses them with 403 whatever the
// body a form can send (text/plain, urlencoded, multipart, none), with and without Sec-Fetch-Site,
// and changes nothing; the Studio's pages and the site's own /launch/ page are let through. A route
// added later is in the list without being named here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withRegisteredRoutes, type RegisteredRoute } from '../../test/server/registered-routes.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const SITE = 'https://pulso.example'
const STUDIO = 'https://pulso.sanity.studio'
const GUARD_REFUSAL = 'Changes come only from the Launch tool’s own pages: this request came from elsewhere.'

/** What a page on another site can make a browser send: a form's three encodings, and no body at all. */
const FORM_BODIES = {
  'text/plain': { 'content-type': 'text/plain', body: 'x=1' },
  urlencoded: { 'content-type': 'application/x-www-form-urlencoded', body: 'x=1' },
  multipart: {
    'content-type': 'multipart/form-data; boundary=----form',
    body: '------form\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n------form--\r\n',
  },
  'no body': { 'content-type': undefined, body: undefined },
} as const

describe('writes to the Launch tool from anywhere but its own pages', () => {
  let server: TestServer
  let cookie: string
  let personId: string
  let routes: RegisteredRoute[] = []
  const writes = () =>
    routes.filter(({ method, url }) => url.startsWith('/api/launch/') && !['GET', 'HEAD', 'OPTIONS'].includes(method))

  beforeAll(async () => {
    ;({ built: server, routes } = await withRegisteredRoutes(() =>
      startTestServer({
        SITE_URL: SITE,
        SANITY_STUDIO_URL: STUDIO,
        SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
        TRUST_PROXY: 'true',
      }),
    ))
    cookie = await studioCookie()
    const signup = await fetch(`${server.url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana.souza@empresa.example', role: 'Head of People', company_size: 'unknown' }),
    })
    expect(signup.status).toBe(201)
    const { rows } = await server.backend.db.query<{ id: string }>('select id from public.waitlist')
    personId = rows[0]!.id
  }, 60_000)

  afterAll(() => server?.close())

  /** The credential as the Studio gets it: the handshake's write from the Studio's origin. */
  async function studioCookie() {
    const { nonce } = (await (await fetch(`${server.url}/api/launch/nonce`)).json()) as { nonce: string }
    const proof = { _id: `pulso-launch-proof.${crypto.randomUUID()}`, _type: 'pulso.launchProof', nonce }
    await fetch(`${server.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { authorization: `Bearer ${EDITOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mutations: [{ create: proof }] }),
    })
    return launchCookieFrom(proof._id)
  }
  async function launchCookieFrom(proof: string) {
    const response = await fetch(`${server.url}/api/launch/session`, {
      method: 'POST',
      headers: { origin: STUDIO, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify({ proof }),
    })
    return response.headers.get('set-cookie')?.split(';')[0] ?? ''
  }

  let client = 0
  /** `route` called with the operator's cookie and `headers`; its status and body. */
  async function send(
    { method, url }: Pick<RegisteredRoute, 'method' | 'url'>,
    headers: Record<string, string | undefined>,
    body?: string,
  ) {
    const path = url.replace(/:[a-z]+/gi, (param) => (param === ':decision' ? 'accept' : personId))
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: Object.fromEntries(
        Object.entries({ cookie, 'x-forwarded-for': `203.0.113.${(client++ % 250) + 1}`, ...headers }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
      ...(body === undefined ? {} : { body }),
    })
    return { status: response.status, body: await response.text() }
  }

  /** What a refused write must leave untouched: the audit log (every write is audited), the list, the endpoints. */
  const state = async () =>
    (
      await server.backend.db.query(
        `select (select count(*) from operator.audit) as audited, (select count(*) from public.waitlist) as listed,
                (select count(*) from webhooks.endpoints) as endpoints`,
      )
    ).rows[0]

  it('lists the state-changing routes from the server, each under the rule', () => {
    const listed = writes().map(({ method, url }) => `${method} ${url}`)
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/launch/waitlist/:id/erase',
        'POST /api/launch/webhooks/:id/test',
        'POST /api/launch/webhooks/:id/rotate',
        'POST /api/launch/webhooks/deliveries/:id/resend',
        'POST /api/launch/invites/people/:id/activate',
        'POST /api/launch/referrals/:id/:decision',
        'DELETE /api/launch/session',
      ]),
    )
  })

  it('refuses every one from another site, whatever a form can send, with and without Sec-Fetch-Site', async () => {
    const before = await state()
    const refusedNot: string[] = []
    for (const route of writes()) {
      for (const origin of ['https://evil.example', 'null', `${SITE}.evil.example`]) {
        for (const fetchSite of ['cross-site', undefined]) {
          for (const [encoding, form] of Object.entries(FORM_BODIES)) {
            const answer = await send(
              route,
              { origin, 'sec-fetch-site': fetchSite, 'content-type': form['content-type'] },
              form.body,
            )
            if (answer.status !== 403 || !answer.body.includes(GUARD_REFUSAL))
              refusedNot.push(`${route.method} ${route.url} from ${origin} (${fetchSite}, ${encoding}): ${answer.status}`)
          }
        }
      }
    }
    expect(refusedNot).toEqual([])
    expect(await state()).toEqual(before)
  })

  it('refuses every one that names no origin, unless the browser says it is the page’s own', async () => {
    const before = await state()
    const refusedNot: string[] = []
    for (const route of writes()) {
      for (const fetchSite of ['cross-site', 'same-site', 'none', undefined]) {
        for (const [encoding, form] of Object.entries(FORM_BODIES)) {
          const answer = await send(route, { 'sec-fetch-site': fetchSite, 'content-type': form['content-type'] }, form.body)
          if (answer.status !== 403) refusedNot.push(`${route.method} ${route.url} (${fetchSite}, ${encoding}): ${answer.status}`)
        }
      }
    }
    expect(refusedNot).toEqual([])
    expect(await state()).toEqual(before)
  })

  it('refuses them under any spelling of their path that reaches the route', async () => {
    const refusedNot: string[] = []
    for (const path of ['/api/%6Caunch/session', '/api/launch/%73ession', '/api/launch/session?x=1']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'DELETE',
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      })
      if (response.status !== 403) refusedNot.push(`${path}: ${response.status}`)
    }
    expect(refusedNot).toEqual([])
    // The session those sign-outs named is still open.
    expect((await send({ method: 'GET', url: '/api/launch/session' }, {})).status).toBe(200)
  })

  it('refuses a body that is not JSON even from the tool’s own pages', async () => {
    const refusedNot: string[] = []
    for (const route of writes()) {
      for (const origin of [STUDIO, SITE]) {
        for (const [encoding, form] of Object.entries(FORM_BODIES)) {
          if (form.body === undefined) continue
          const answer = await send(route, { origin, 'content-type': form['content-type'] }, form.body)
          if (answer.status !== 403)
            refusedNot.push(`${route.method} ${route.url} from ${origin} (${encoding}): ${answer.status}`)
        }
      }
    }
    expect(refusedNot).toEqual([])
  })

  it('keeps the person a cross-site page tried to erase, with the operator’s cookie', async () => {
    const erase = { method: 'POST', url: '/api/launch/waitlist/:id/erase' }
    expect(
      (await send(erase, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }, 'x=1'))
        .status,
    ).toBe(403)
    expect((await send(erase, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await server.backend.db.query('select id from public.waitlist where id = $1', [personId])).rows).toHaveLength(1)
  })

  it('lets every one through from the Studio’s origin and from the site’s own /launch/ page', async () => {
    const pages = {
      studio: { origin: STUDIO, 'sec-fetch-site': 'cross-site', referer: `${STUDIO}/launch` },
      'the site’s /launch/': { origin: SITE, 'sec-fetch-site': 'same-origin', referer: `${SITE}/launch/` },
      'the site’s /launch/, no Origin': { 'sec-fetch-site': 'same-origin', referer: `${SITE}/launch/` },
    }
    const refused: string[] = []
    for (const route of writes()) {
      for (const [page, headers] of Object.entries(pages)) {
        // Signing out ends the session it is sent with: those get a session of their own.
        if (/\/sessions?$/.test(route.url) && route.method === 'DELETE') cookie = await studioCookie()
        const answer = await send(route, { ...headers, 'content-type': 'application/json' }, '{}')
        if (answer.status === 403) refused.push(`${route.method} ${route.url} from ${page}: ${answer.body}`)
      }
    }
    expect(refused).toEqual([])
    // They got through to their handlers: the JSON body was read and answered.
    cookie = await studioCookie()
    const created = await send(
      { method: 'POST', url: '/api/launch/webhooks' },
      { origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      JSON.stringify({ url: 'https://hooks.example/pulso', events: ['waitlist.signup.created'] }),
    )
    expect(created.status).toBe(201)
  })
})
