import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { linkStates, type LinkAction, type LinkState } from '../../web/src/shared/content/signup-pages-copy.ts'
import {
  leaderboardSchema,
  standingSchema,
  type Leaderboard,
  type Standing,
} from '../../supabase/functions/_shared/referrals/standing.ts'
import type { Client } from '../../supabase/functions/_shared/referrals/referral-store.ts'

/** What the site asks of the waitlist-links function (supabase/functions/_shared/links/waitlist-links.ts). */
export type LinkCall =
  | { action: LinkAction; token: string; apply: boolean; client?: Client }
  | { action: 'status'; token: string; client?: Client }
  | { action: 'leaderboard' }

/** Where the link stands (`unavailable` when that could not be learnt), and what a confirmed person's or the leaderboard's page shows. */
export interface LinkOutcome {
  state: LinkState
  standing?: Standing
  leaderboard?: Leaderboard
}

/** Checks or acts on a personal link, reads a status page or the leaderboard. */
export type LinkActions = (call: LinkCall) => Promise<LinkOutcome>

/** Posts a JSON body to the waitlist-links function, wherever it runs. */
export type CallLinksFunction = (body: string) => Promise<Response>

const answerSchema = z.object({
  state: z.enum(linkStates),
  standing: standingSchema.optional(),
  leaderboard: leaderboardSchema.optional(),
})

/** The personal links through the waitlist-links function: in this process, or the edge function. */
export function createLinkActions(call: CallLinksFunction, log: FastifyBaseLogger): LinkActions {
  return async (linkCall) => {
    try {
      const response = await call(JSON.stringify(linkCall))
      const body: unknown = await response.json().catch(() => undefined)
      const answer = answerSchema.safeParse(body)
      if (answer.success) return answer.data
      log.error({ status: response.status, action: linkCall.action }, 'waitlist-links answered without a state')
    } catch (error) {
      log.error({ err: error, action: linkCall.action }, 'waitlist-links could not be reached')
    }
    return { state: 'unavailable' }
  }
}

/** The edge function on hosted Supabase, called with the project's public key like any client. */
export function hostedLinksFunction({ url, anonKey }: { url: string; anonKey: string }): CallLinksFunction {
  const endpoint = `${url.replace(/\/+$/, '')}/functions/v1/waitlist-links`
  return (body) =>
    fetch(endpoint, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    })
}

/** The same handler in this process, as the self-hosted server runs every function. */
export function inProcessLinksFunction(handler: (request: Request) => Promise<Response>): CallLinksFunction {
  return (body) =>
    handler(
      new Request('http://localhost/functions/v1/waitlist-links', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    )
}
