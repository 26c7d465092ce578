// Hostile inputs as an attacker sends them, on a real `node server/main.ts` in a process of its own:
// each row of input-attacks.ts, 20 copies at once, while a visitor loads the page, a static file
// and signs up. Asserts statuses, that no answer carries an internal error message, that memory
// stays bounded and the process stays up; never how long anything took (the attack benchmark does).
import { METHODS } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_ANON_KEY } from '../server/visitors.ts'
import { INPUT_ATTACKS, sendRaw } from './input-attacks.ts'
import type { ServerProcess } from '../server/server-process.ts'
import { HEALTHY_PROBE, MAX_GROWTH_BYTES, probeDuring, startProbedServer, type ProbedServer } from '../server/site-probe.ts'

const COPIES = 20
/** What an error's message looks like when it leaks from inside: a stack, a library's error code. */
const INTERNALS = /\bat \S+ \(|\bERR_[A-Z_]+|is not a function|Cannot (read|convert)|Maximum call stack/

let probed: ProbedServer
let server: ServerProcess

beforeAll(async () => {
  probed = await startProbedServer()
  server = probed.server
}, 120_000)

afterAll(() => probed?.stop())

describe('hostile inputs, on a real server process', () => {
  it.each(INPUT_ATTACKS)('$name: $expected to every copy, while the site answers', async ({ expected, request }) => {
    const {
      outcome: responses,
      probes,
      growth,
    } = await probeDuring(probed, () => Promise.all(Array.from({ length: COPIES }, (_, i) => sendRaw(server.url, request(i)))))

    for (const response of responses) {
      expect(response.status).toBe(expected)
      expect(response.body).not.toMatch(INTERNALS)
      if (expected === 307) expect(response.headers.location).toBe('/')
    }
    for (const statuses of probes) expect(statuses).toEqual(HEALTHY_PROBE)
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES)
  })

  it('answers every method on every route family with something other than a 5xx', async () => {
    // One address per family of routes; the live event stream, which stays open by design, is left out.
    const paths = [
      '/',
      '/en',
      '/healthz',
      '/robots.txt',
      probed.staticPath,
      '/api/preview/enable',
      '/api/preview/disable',
      '/api/preview/content',
      '/v2025-02-19/data/query/production',
      '/images/local/production/missing.png',
      '/rest/v1/waitlist',
      '/rest/v1/other',
      '/functions/v1/send-welcome-email',
      '/functions/v1/waitlist-links',
      '/confirmar',
      '/en/unsubscribe',
    ]
    const failures: string[] = []
    for (const method of METHODS.filter((method) => method !== 'CONNECT')) {
      for (const path of paths) {
        for (const headers of [{}, { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' }] as Record<string, string>[]) {
          const response = await sendRaw(server.url, { method, path, headers, body: '{}' })
          if (response.status >= 500) failures.push(`${method} ${path}: ${response.status} ${response.body}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('gives a browser asking for /index.html the rendered not-found page, never the raw template', async () => {
    // The sandbox's stand-in renderer answers 200 for every page; the real one, 404 here.
    const response = await sendRaw(server.url, { method: 'GET', path: '/index.html', headers: { accept: 'text/html' } })
    expect(response.body).toContain('lang="pt-BR"')
    expect(response.body).not.toContain('<!--app-')
  })

  it('is still up', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(server.output()).not.toMatch(/heap out of memory|Maximum call stack/i)
  })
})
