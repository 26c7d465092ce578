import type { FastifyBaseLogger } from 'fastify'
import { linkStates, type LinkAction, type LinkState } from '../../web/src/shared/content/signup-pages-copy.ts'

/** Checks (apply false) or acts on (apply true) a personal link; `unavailable` when that failed. */
export type LinkActions = (action: LinkAction, token: string, apply: boolean) => Promise<LinkState>

/** Posts a JSON body to the waitlist-links function, wherever it runs. */
export type CallLinksFunction = (body: string) => Promise<Response>

const isLinkState = (value: unknown): value is LinkState => (linkStates as readonly unknown[]).includes(value)

/** The personal links through the waitlist-links function: in this process, or the edge function. */
export function createLinkActions(call: CallLinksFunction, log: FastifyBaseLogger): LinkActions {
  return async (action, token, apply) => {
    try {
      const response = await call(JSON.stringify({ action, token, apply }))
      const body = (await response.json().catch(() => undefined)) as { state?: unknown } | undefined
      if (isLinkState(body?.state)) return body.state
      log.error({ status: response.status, action }, 'waitlist-links answered without a state')
    } catch (error) {
      log.error({ err: error, action }, 'waitlist-links could not be reached')
    }
    return 'unavailable'
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
