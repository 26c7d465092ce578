// The content API as an attacker meets it, on a real `node server/main.ts` in a process of its own
// (a query that exhausts memory must not take the test runner with it): each hostile request of
// issue 14's table, with and without the viewer token, while a visitor loads the page, a static
// file and signs up. Asserts statuses, that the process stays up, and how much its memory grows;
// never how long anything took (the attack benchmark measures that).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerProcess } from '../../../test/server/server-process.ts'
import {
  ATTACK_VIEWER_TOKEN,
  longPerspectiveBody,
  NESTED_COUNT_QUERY,
  NESTED_DEEPER_QUERY,
  NESTED_PARENTHESES_QUERY,
  sendQueryAttack,
  type QueryAttack,
} from '../../../test/attacks/query-attacks.ts'
import {
  HEALTHY_PROBE,
  MAX_GROWTH_BYTES,
  probeDuring,
  startProbedServer,
  type ProbedServer,
} from '../../../test/server/site-probe.ts'

let probed: ProbedServer
let server: ServerProcess

beforeAll(async () => {
  probed = await startProbedServer({ SANITY_VIEWER_TOKEN: ATTACK_VIEWER_TOKEN })
  server = probed.server
}, 120_000)

afterAll(() => probed?.stop())

/**
 * Sends `copies` of the attack at once and probes the site until they are all answered (at least
 * once), sampling the server's memory meanwhile. Resolves with the attack's statuses and
 * Retry-After headers, every probe's statuses and the peak growth of the server's RSS.
 */
async function underAttack(attack: QueryAttack, copies: number) {
  const {
    outcome: results,
    probes,
    growth,
  } = await probeDuring(probed, () =>
    Promise.all(
      Array.from({ length: copies }, async () => {
        const response = await sendQueryAttack(server.url, attack)
        const body = (await response.json()) as { error?: { type?: string } }
        return { status: response.status, type: body.error?.type, retryAfter: response.headers.get('retry-after') }
      }),
    ),
  )
  return { results, probes, growth }
}

const rows: { name: string; attack: QueryAttack; copies: number }[] = [
  { name: 'a nested count() over the whole dataset', attack: { query: NESTED_COUNT_QUERY }, copies: 1 },
  { name: 'the same one level deeper, without count()', attack: { query: NESTED_DEEPER_QUERY }, copies: 1 },
  { name: '20 of those at once', attack: { query: NESTED_DEEPER_QUERY }, copies: 20 },
  { name: 'a 1 MB POST with 255k perspective names', attack: { body: longPerspectiveBody(255_000) }, copies: 1 },
  { name: 'a 120 KB POST with 30k perspective names', attack: { body: longPerspectiveBody(30_000) }, copies: 1 },
  {
    name: 'a query of 50,000 nested parentheses',
    attack: { body: JSON.stringify({ query: NESTED_PARENTHESES_QUERY }) },
    copies: 1,
  },
]

/** What each row must get: refused before anything runs, or stopped by a bound. */
const refusedAtOnce: Record<string, { status: number; type: string }> = {
  'a 1 MB POST with 255k perspective names': { status: 413, type: 'requestTooLarge' },
  'a 120 KB POST with 30k perspective names': { status: 400, type: 'invalidPerspective' },
  'a query of 50,000 nested parentheses': { status: 400, type: 'queryParseError' },
}

describe('the content API under attack, on a real server process', () => {
  describe.each(rows)('$name', ({ name, attack, copies }) => {
    it('without the token: refused with a 4xx, while the site answers and memory stays bounded', async () => {
      const { results, probes, growth } = await underAttack(attack, copies)
      const expected = refusedAtOnce[name]
      for (const result of results) {
        expect(result).toMatchObject(expected ?? { status: 403, type: 'queryNotAllowed' })
      }
      for (const statuses of probes) expect(statuses).toEqual(HEALTHY_PROBE)
      expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES)
    })

    it('with the token: stopped by a bound (4xx, or 503 with Retry-After), while the site answers and memory stays bounded', async () => {
      const { results, probes, growth } = await underAttack({ ...attack, token: ATTACK_VIEWER_TOKEN }, copies)
      const expected = refusedAtOnce[name]
      for (const result of results) {
        if (expected) expect(result).toMatchObject(expected)
        else if (result.status === 503)
          expect(result).toMatchObject({ type: expect.stringMatching(/^(queryTimeout|serverBusy)$/) as unknown, retryAfter: '1' })
        else expect(result).toMatchObject({ status: 422, type: 'queryTooLarge' })
      }
      for (const statuses of probes) expect(statuses).toEqual(HEALTHY_PROBE)
      expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES)
    })
  })

  it('is still up, and answers the site’s own query', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(server.output()).not.toMatch(/heap out of memory/i)
  })
})
