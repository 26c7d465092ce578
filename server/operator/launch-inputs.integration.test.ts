// No 500 from the Launch API (issue 38; docs/decisions/0065-launch-inputs-parsed-at-the-route.md), on
// both databases: every route under /api/launch, as the server itself lists them (so a route added
// later is covered without being named here), gets the hostile values of test/attacks/input-attacks.ts
// in each of its path parameters, in each query parameter and body field its schema declares, and as
// whole bodies, one at a time beside valid values for the rest, with a valid credential. None may
// answer 5xx; and where a route's schema reads the part, a NUL or a lone surrogate is a 400 that says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  HOSTILE_BODIES,
  HOSTILE_ENCODED,
  HOSTILE_JSON_VALUES,
  HOSTILE_TEXTS,
  sendRaw,
  type RawRequest,
} from '../../test/attacks/input-attacks.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { withRegisteredRoutes, type RegisteredRoute } from '../../test/server/registered-routes.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-hostile-inputs'
const PREFIX = '/api/launch/'
const today = new Date().toISOString().slice(0, 10)

/** A valid value of each path parameter the routes use; a route with a new one fails below until it has one. */
const PARAM_EXAMPLES: Record<string, string> = { id: '6f1c1d2e-7c1b-4e0e-9d0a-2b8c3f1e5a77', decision: 'accept', '*': 'report' }

/**
 * A valid request of each route whose schema needs more than its path: the hostile value replaces one
 * part of it at a time. A route with a body or a required query and no entry fails below.
 */
const VALID: Record<string, { query?: Record<string, string>; body?: Record<string, unknown> }> = {
  'GET /api/launch/report': { query: { from: today, to: today, page: 'homePage' } },
  'HEAD /api/launch/report': { query: { from: today, to: today, page: 'homePage' } },
  'POST /api/launch/session': { body: { proof: 'pulso-launch-proof.6f1c1d2e-7c1b-4e0e-9d0a-2b8c3f1e5a77' } },
  'POST /api/launch/webhooks': {
    body: { url: 'https://example.com/hooks/pulso', description: 'CRM', events: ['waitlist.signup.created'] },
  },
  'POST /api/launch/webhooks/:id': { body: { description: 'CRM' } },
  'POST /api/launch/invites/waves': { body: { id: 'a3d4c5b6-7c1b-4e0e-9d0a-2b8c3f1e5a77', count: 1 } },
  'POST /api/launch/updates/count': { body: { filter: { locales: ['en'], sources: ['newsletter'] } } },
  'POST /api/launch/updates/preview': { body: { documentId: 'update-beta-opens', filter: {} } },
  'POST /api/launch/updates/test': { body: { documentId: 'update-beta-opens', to: 'operator@pulso.example' } },
  'POST /api/launch/updates': {
    body: { id: 'b4e5d6c7-7c1b-4e0e-9d0a-2b8c3f1e5a77', documentId: 'update-beta-opens', filter: { locales: ['en'] } },
  },
}

const LONE_SURROGATE = /\p{Surrogate}/u
const isNulOrSurrogate = (value: string) => value.includes('\0') || LONE_SURROGATE.test(value)

/** The keys of a schema part that is a zod object (the Launch routes' schemas all are). */
const keysOf = (part: unknown): string[] => (part instanceof z.ZodObject ? Object.keys(part.shape as object) : [])

/** A UTF-16 code unit as the three bytes UTF-8 would give it, were it a code point (WTF-8), percent-encoded. */
const wtf8 = (unit: number) =>
  [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('')
/** Encodes for an address; a lone surrogate cannot be encoded as UTF-8, so it travels as its WTF-8 bytes. */
const encoded = (value: string) =>
  [...value].map((char) => (LONE_SURROGATE.test(char) ? wtf8(char.charCodeAt(0)) : encodeURIComponent(char))).join('')

/** A refusal that says why: zod's reason as `error`, or Fastify's own as `message`. */
function saysWhy(body: string): boolean {
  const { error, message } = JSON.parse(body) as { error?: string; message?: string }
  return Boolean(message) || (Boolean(error) && error !== 'Bad Request')
}

interface Probe {
  route: RegisteredRoute
  what: string
  request: Omit<RawRequest, 'headers'>
  /** The status it must get, when the hostile value alone decides it. */
  expected?: number
}

function pathOf(route: RegisteredRoute, params: Record<string, string>) {
  return route.url.replace(/:(\w+)|\*$/g, (whole, name: string | undefined) => params[name ?? '*'] ?? whole)
}

function queryOf(values: Record<string, string>) {
  const pairs = Object.entries(values).map(([key, value]) => `${key}=${value}`)
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

/** Every hostile request for `route`: its parameters, query and body, one part at a time. */
function probesOf(route: RegisteredRoute): Probe[] {
  const key = `${route.method} ${route.url}`
  const valid = VALID[key] ?? {}
  const names = [...route.url.matchAll(/:(\w+)|\*$/g)].map((match) => match[1] ?? '*')
  const params = Object.fromEntries(names.map((name) => [name, encoded(PARAM_EXAMPLES[name] ?? '')]))
  const query = Object.fromEntries(Object.entries(valid.query ?? {}).map(([name, value]) => [name, encoded(value)]))
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method)
  const body = valid.body ? JSON.stringify(valid.body) : hasBody ? '{}' : undefined
  const at = (overrides: { params?: Record<string, string>; query?: Record<string, string>; body?: string }) => ({
    method: route.method,
    path: `${pathOf(route, { ...params, ...overrides.params })}${queryOf({ ...query, ...overrides.query })}`,
    ...(overrides.body !== undefined ? { body: overrides.body } : body !== undefined ? { body } : {}),
  })
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown }
  const probes: Probe[] = [{ route, what: 'valid values', request: at({}) }]
  const textsAndBytes: { text?: string; piece: string }[] = [
    ...HOSTILE_TEXTS.map((text) => ({ text, piece: encoded(text) })),
    ...HOSTILE_ENCODED.map((piece) => ({ piece })),
  ]
  for (const name of names) {
    for (const { text, piece } of textsAndBytes) {
      probes.push({
        route,
        what: `path parameter ${name} = ${JSON.stringify(text ?? piece).slice(0, 40)}`,
        request: at({ params: { [name]: piece } }),
        ...(schema.params && text !== undefined && isNulOrSurrogate(text) ? { expected: 400 } : {}),
      })
    }
  }
  for (const name of [...keysOf(schema.querystring), 'unknown_parameter']) {
    for (const { text, piece } of textsAndBytes) {
      probes.push({
        route,
        what: `query ${name} = ${JSON.stringify(text ?? piece).slice(0, 40)}`,
        request: at({ query: { [name]: piece } }),
        ...(schema.querystring && text !== undefined && isNulOrSurrogate(text) ? { expected: 400 } : {}),
      })
    }
  }
  if (hasBody) {
    const base = valid.body ?? {}
    for (const name of [...keysOf(schema.body), 'unknown_field']) {
      const values: { json: string; text?: string }[] = [
        ...HOSTILE_TEXTS.map((text) => ({ json: JSON.stringify(text), text })),
        ...HOSTILE_JSON_VALUES.map((json) => ({ json })),
      ]
      for (const { json, text } of values) {
        const written = JSON.stringify({ ...base, [name]: '\u0001placeholder' }).replace('"\\u0001placeholder"', json)
        probes.push({
          route,
          what: `body ${name} = ${json.slice(0, 40)}`,
          request: at({ body: written }),
          ...(schema.body && text !== undefined && isNulOrSurrogate(text) ? { expected: 400 } : {}),
        })
      }
    }
    for (const whole of HOSTILE_BODIES) probes.push({ route, what: `body ${whole.slice(0, 40)}`, request: at({ body: whole }) })
  }
  return probes
}

describe.each(databaseVariants)('hostile values to every route of the Launch API, on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let routes: RegisteredRoute[]
  let cookie: string

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    const started = await withRegisteredRoutes(() =>
      startTestServer({
        // Each request from an address of its own, so the API's per-client limit lets every one through.
        TRUST_PROXY: 'true',
        SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-hostile-inputs',
        ...throwaway.env,
      }),
    )
    server = started.built
    routes = started.routes.filter((route) => route.url.startsWith(PREFIX))
    cookie = await launchCookie(server.url, EDITOR_TOKEN)
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
  })

  it('lists the routes from the server, each with an example of every part its schema needs', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/launch/report', 'POST /api/launch/webhooks', 'GET /api/launch/experiments']),
    )
    const missing = routes.flatMap((route) => {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '')
      const schema = (route.schema ?? {}) as { body?: unknown }
      return [
        ...names.filter((name) => !(name in PARAM_EXAMPLES)).map((name) => `${route.url}: a valid :${name} in PARAM_EXAMPLES`),
        ...(schema.body && !VALID[`${route.method} ${route.url}`] ? [`${route.method} ${route.url}: a valid body in VALID`] : []),
      ]
    })
    expect(missing).toEqual([])
  })

  it('answers every hostile value without a 5xx, and refuses NUL and lone surrogates with 400 and the reason', async () => {
    let sent = 0
    const failures: string[] = []
    // Signing out ends the session it was sent with (decision 0059): the next probe gets a new one.
    let signedOut = false
    for (const route of routes) {
      const signsOut = route.method === 'DELETE' && /\/sessions?$/.test(route.url)
      let credentialHeld = false
      for (const { what, request, expected } of probesOf(route)) {
        sent += 1
        const client = `10.38.${(sent >> 8) & 255}.${sent & 255}`
        if (signedOut) cookie = await launchCookie(server.url, EDITOR_TOKEN, { headers: { 'x-forwarded-for': client } })
        signedOut = signsOut
        const response = await sendRaw(server.url, {
          ...request,
          headers: {
            cookie,
            origin: STUDIO_ORIGIN,
            'content-type': 'application/json',
            'x-forwarded-for': client,
          },
        })
        if (response.status !== 401) credentialHeld = true
        const label = `${route.method} ${route.url}, ${what}`
        if (response.status >= 500) failures.push(`${label}: ${response.status} ${response.body.slice(0, 200)}`)
        else if (expected !== undefined && response.status !== expected)
          failures.push(`${label}: ${response.status}, not ${expected}`)
        else if (expected === 400 && route.method !== 'HEAD' && !saysWhy(response.body))
          failures.push(`${label}: 400 without the reason: ${response.body.slice(0, 200)}`)
      }
      if (!credentialHeld && route.url !== `${PREFIX}nonce` && route.url !== `${PREFIX}session`)
        failures.push(`${route.method} ${route.url}: every request was refused 401; the corpus never reached it`)
    }
    console.log(`[hostile inputs] ${sent} requests to ${routes.length} routes of the Launch API`)
    expect(failures).toEqual([])
  }, 600_000)
})
