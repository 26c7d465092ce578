// The hostile inputs of issue 14's table (redirects, function names, empty and deep bodies, odd
// methods, the page template), shared by the attack tests (input-attacks.integration.test.ts) and
// the attack benchmark (bench/attacks/inputs.attacks.ts), so both send exactly the same requests.
// Sent with node:http, not fetch: fetch refuses to send TRACE at all.
import { request } from 'node:http'
import { LOCAL_ANON_KEY } from '../server/visitors.ts'

export interface RawRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Sends `raw` to the server at `baseUrl` exactly as written, and reads the whole answer. */
export function sendRaw(baseUrl: string, raw: RawRequest, signal?: AbortSignal): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    let answered: RawResponse | undefined
    const outgoing = request(
      {
        hostname,
        port,
        method: raw.method,
        path: raw.path,
        headers: { ...raw.headers, ...(raw.body === undefined ? {} : { 'content-length': Buffer.byteLength(raw.body) }) },
        ...(signal ? { signal } : {}),
      },
      (response) => {
        answered = { status: response.statusCode ?? 0, headers: response.headers, body: '' }
        const answer = answered
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (answer.body += chunk))
        response.on('end', () => resolve(answer))
        response.on('error', () => resolve(answer))
      },
    )
    // The answer stands: a broken write after it does not undo it.
    outgoing.on('error', (error) => (answered ? resolve(answered) : reject(error)))
    if (raw.body === undefined) outgoing.flushHeaders()
    else outgoing.end(raw.body)
  })
}

const json = { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' }
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
// Built once: the benchmark sends each thousands of times, and the client's work must not be measured as the server's.
const DEEP_ROLE = `{"email":"deep@example.com","role":${nested(4_000)}}`
const DEEPER_ROLE = `{"email":"deep@example.com","role":${nested(100_000)}}`
const DEEP_EMAIL = `{"email":${nested(8_000)}}`
const MEGABYTE_EMAIL = `{"email":${nested(500_000)}}`
const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty']
const REDIRECTS = ['/%09/evil.example', '/%0d%0aset-cookie:%20a=b', '/%E2%98%83', '//evil.example', '/%5Cevil.example']

export interface InputAttack {
  name: string
  /** The status every copy must get. */
  expected: number
  /** The `i`-th copy of the request (rows vary their copies over a few spellings). */
  request(i: number): RawRequest
}

export const INPUT_ATTACKS: InputAttack[] = [
  {
    name: 'preview redirect off the site (tab, CR/LF, unicode, //, \\)',
    expected: 307,
    request: (i) => ({ method: 'GET', path: `/api/preview/disable?redirect=${REDIRECTS[i % REDIRECTS.length]}` }),
  },
  {
    name: 'POST /functions/v1/constructor (toString, __proto__, …)',
    expected: 404,
    request: (i) => ({
      method: 'POST',
      path: `/functions/v1/${PROTOTYPE_NAMES[i % PROTOTYPE_NAMES.length]}`,
      headers: json,
      body: '{}',
    }),
  },
  {
    name: 'POST /rest/v1/waitlist {}',
    expected: 400,
    request: () => ({ method: 'POST', path: '/rest/v1/waitlist', headers: json, body: '{}' }),
  },
  {
    name: 'POST /rest/v1/waitlist, role 4,000 deep (fits the body cap)',
    expected: 400,
    request: () => ({
      method: 'POST',
      path: '/rest/v1/waitlist',
      headers: json,
      body: DEEP_ROLE,
    }),
  },
  {
    name: 'POST /rest/v1/waitlist, role 100,000 deep',
    expected: 413,
    request: () => ({
      method: 'POST',
      path: '/rest/v1/waitlist',
      headers: json,
      body: DEEPER_ROLE,
    }),
  },
  {
    name: 'POST send-welcome-email, email 8,000 deep (fits the body cap)',
    expected: 400,
    request: () => ({
      method: 'POST',
      path: '/functions/v1/send-welcome-email',
      headers: json,
      body: DEEP_EMAIL,
    }),
  },
  {
    name: 'POST send-welcome-email, email 500,000 deep (1 MB)',
    expected: 413,
    request: () => ({
      method: 'POST',
      path: '/functions/v1/send-welcome-email',
      headers: json,
      body: MEGABYTE_EMAIL,
    }),
  },
  { name: 'TRACE /', expected: 404, request: () => ({ method: 'TRACE', path: '/' }) },
  {
    name: 'TRACE /functions/v1/send-welcome-email',
    expected: 405,
    request: () => ({ method: 'TRACE', path: '/functions/v1/send-welcome-email', headers: json }),
  },
  { name: 'PROPFIND /', expected: 404, request: () => ({ method: 'PROPFIND', path: '/' }) },
  { name: 'GET /index.html', expected: 404, request: () => ({ method: 'GET', path: '/index.html' }) },
]

/**
 * Values a careless script or an attacker puts where a route expects text, a number, a day or an id
 * (issue 38): NUL and lone surrogate halves, which PostgreSQL cannot store as sent; days that are not
 * in the calendar; numbers past every bound; SQL, LIKE and path metacharacters; huge, empty, blank.
 * As decoded text: a test encodes them for an address, or writes them into JSON.
 */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'x'.repeat(5_000),
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '2026-1-1',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' or '1'='1",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '\r\nx-injected: 1',
  '\u202eabc',
  '👩🏽‍💼',
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
]

/** Already-encoded pieces of an address that decode to no valid text: a surrogate in UTF-8, an overlong NUL, stray bytes. */
export const HOSTILE_ENCODED: readonly string[] = ['%00', '%ED%A0%80', '%C0%80', '%FF', '%', '%zz', '%E2%82']

/** JSON values other than text for a field of a body (each also gets every hostile text as a JSON string). */
export const HOSTILE_JSON_VALUES: readonly string[] = [
  'null',
  'true',
  '0',
  '-1',
  '1.5',
  '1e308',
  '-0',
  '[]',
  '{}',
  '["\\u0000"]',
  '{"__proto__":{"polluted":true}}',
  `${'['.repeat(200)}${']'.repeat(200)}`,
  JSON.stringify(Array.from({ length: 5_000 }, (_, i) => `e${i}`)),
]

/** Whole bodies for a route that reads JSON: not an object, broken, polluting, deep. */
export const HOSTILE_BODIES: readonly string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
]
