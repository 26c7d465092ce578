import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'

export interface VisitorLoad {
  /** Counts this sign-up request until its response is finished or its connection closes, at most `maxHoldMs`. */
  track(response: ServerResponse): void
  /** True while any sign-up request is being answered. */
  busy(): boolean
}

/**
 * The longest one request counts as load: a client that never reads its answer (or a request that
 * hangs in the database) must not hold every welcome back.
 */
const MAX_HOLD_MS = 5_000

/**
 * Sign-up requests in flight, so that the welcome sender lets them go first: during a burst it
 * sends one message at a time (the visitors' answers stay fast), and the rest the moment it ends.
 */
export function createVisitorLoad({ maxHoldMs = MAX_HOLD_MS }: { maxHoldMs?: number } = {}): VisitorLoad {
  let inFlight = 0
  return {
    track(response) {
      inFlight += 1
      let counted = true
      const release = () => {
        if (!counted) return
        counted = false
        inFlight -= 1
        clearTimeout(timer)
      }
      const timer = setTimeout(release, maxHoldMs)
      timer.unref()
      response.once('close', release)
    },
    busy: () => inFlight > 0,
  }
}

/**
 * Counts the scope's requests once their body has arrived (preHandler runs after it is read): a
 * request is work for the server only then, and headers alone with a body that never comes would
 * otherwise count until the request timeout, again and again.
 */
export function countAsLoad(scope: FastifyInstance, visitors: Pick<VisitorLoad, 'track'>): void {
  scope.addHook('preHandler', async (_request, reply) => visitors.track(reply.raw))
}
