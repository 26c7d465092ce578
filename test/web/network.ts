import { http, HttpResponse } from 'msw'
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import { eventStream, LIVE_EVENTS_PATH, server } from './msw-server.ts'

/** Sanity's query API as the page calls it: GET {apiHost}/v{apiVersion}/data/query/{dataset}?query=… */
const CONTENT_QUERY_PATH = '*/v:version/data/query/:dataset'

type Answer = () => Response | Promise<Response>

/** The sync tag the content API gives every answer in these tests. */
export const SYNC_TAG = 's1:page'

/** The query API's answer envelope. */
export const queryResult = (result: PageContent) => HttpResponse.json({ query: '', result, syncTags: [SYNC_TAG], ms: 1 })

/** Sanity's live events stream, for a test to publish changes on. Resolves once a page listens. */
export function serveLiveEvents() {
  let connected!: (publish: (event: 'message' | 'restart', id: string, tags?: string[]) => void) => void
  const listening = new Promise<Parameters<typeof connected>[0]>((resolve) => {
    connected = resolve
  })
  server.use(
    http.get(LIVE_EVENTS_PATH, () => eventStream((push) => connected((event, id, tags = []) => push(event, { tags }, id)))),
  )
  return listening
}

/**
 * Serves the content API: `content` for every query, or each answer in turn (the last
 * one repeats). Returns the URLs asked for, in order.
 */
export function serveContent(...answers: (PageContent | Answer)[]): URL[] {
  const requests: URL[] = []
  server.use(
    http.get(CONTENT_QUERY_PATH, ({ request }) => {
      requests.push(new URL(request.url))
      const answer = answers[Math.min(requests.length, answers.length) - 1]
      if (answer === undefined) return HttpResponse.json({ error: 'no answer' }, { status: 500 })
      return typeof answer === 'function' ? answer() : queryResult(answer)
    }),
  )
  return requests
}

export interface WaitlistCall {
  endpoint: 'insert' | 'welcome'
  body: unknown
  headers: Headers
}

interface WaitlistAnswers {
  insert?: Answer
  welcome?: Answer
}

/** PostgREST's answer to an insert with `Prefer: return=minimal`. */
const inserted = () => new HttpResponse(null, { status: 201 })
const welcomed = () => HttpResponse.json({ ok: true })

/**
 * Serves the two Supabase endpoints the waitlist form calls and records every call,
 * in the order the server received them, with its parsed JSON body.
 */
export function serveWaitlist({ insert = inserted, welcome = welcomed }: WaitlistAnswers = {}): WaitlistCall[] {
  const calls: WaitlistCall[] = []
  server.use(
    http.post('*/rest/v1/waitlist', async ({ request }) => {
      calls.push({ endpoint: 'insert', body: await request.json(), headers: request.headers })
      return insert()
    }),
    http.post('*/functions/v1/send-welcome-email', async ({ request }) => {
      calls.push({ endpoint: 'welcome', body: await request.json(), headers: request.headers })
      return welcome()
    }),
  )
  return calls
}

const CHALLENGE_KEY = 'the-test-server-key-of-32-characters'

/**
 * The welcome function's proof-of-work challenges (GET), real ones from altcha-lib and cheap to
 * solve, and a check of a solution against them as the function would make it. `lifetimesMs`
 * gives the first challenges that long to live (the rest, 30 minutes).
 */
export function serveChallenges(...lifetimesMs: number[]) {
  const served: Challenge[] = []
  server.use(
    http.get('*/functions/v1/send-welcome-email', async () => {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 10,
        deriveKey,
        hmacSignatureSecret: CHALLENGE_KEY,
        // In seconds: a Date made here is jsdom's, which altcha-lib (loaded by Node) does not recognize.
        expiresAt: Math.floor((Date.now() + (lifetimesMs[served.length] ?? 30 * 60_000)) / 1000),
      })
      served.push(challenge)
      return HttpResponse.json(challenge)
    }),
  )
  return {
    served,
    async verify(payload: unknown): Promise<boolean> {
      if (typeof payload !== 'string') return false
      const { challenge, solution } = JSON.parse(atob(payload)) as Payload
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: CHALLENGE_KEY })
      return result.verified && served.some((one) => one.parameters.nonce === challenge.parameters.nonce)
    },
  }
}
