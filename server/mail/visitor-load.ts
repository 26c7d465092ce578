import type { ServerResponse } from 'node:http'

export interface VisitorLoad {
  /** Counts this sign-up request until its response is finished or its connection closes. */
  track(response: ServerResponse): void
  /** True while any sign-up request is being answered. */
  busy(): boolean
}

/**
 * Sign-up requests in flight, so that the welcome sender lets them go first: during a burst it
 * sends one message at a time (the visitors' answers stay fast), and the rest the moment it ends.
 */
export function createVisitorLoad(): VisitorLoad {
  let inFlight = 0
  return {
    track(response) {
      inFlight += 1
      response.once('close', () => (inFlight -= 1))
    },
    busy: () => inFlight > 0,
  }
}
