import type { SWRConfiguration } from 'swr'

const MAX_RETRIES = 3
const BASE_DELAY_MS = 1_000
const MAX_DELAY_MS = 30_000
/** The fallback when live events are unavailable: published edits reach an open page within a minute. */
export const CONTENT_REFRESH_MS = 60_000

/** A failed fetch is retried 3 times, waiting twice as long each time, never more than 30 s. */
export function retryDelay(retryCount: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** (retryCount - 1), MAX_DELAY_MS)
}

/**
 * Content may be cached for 5 minutes: that bounds how long an answer nobody shows is kept; the page
 * shows its one answer for as long as it is open, replacing it on each revalidation, so SWR
 * has nothing to expire. Revalidation (docs/decisions/0009-live-content.md): live events
 * first, then focus, reconnect and the interval, none of them paused by deduplication.
 * A failed revalidation leaves the content on screen: SWR keeps `data` beside the `error`.
 */
export const swrOptions: SWRConfiguration = {
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  refreshInterval: CONTENT_REFRESH_MS,
  // Answers the burst of calls one render can make; a longer window would swallow a focus or live event.
  dedupingInterval: 2_000,
  onErrorRetry: (_error, _key, _config, revalidate, options) => {
    if (options.retryCount > MAX_RETRIES) return
    setTimeout(() => void revalidate(options), retryDelay(options.retryCount))
  },
}
