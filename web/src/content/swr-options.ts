import type { SWRConfiguration } from 'swr'

const MAX_RETRIES = 3
const BASE_DELAY_MS = 1_000
const MAX_DELAY_MS = 30_000
export const CONTENT_FRESH_MS = 5 * 60_000

/** Spec §9: retry 3 times with exponential backoff capped at 30 s. */
export function retryDelay(retryCount: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** (retryCount - 1), MAX_DELAY_MS)
}

export const swrOptions: SWRConfiguration = {
  // Spec §9: content is considered fresh for 5 minutes; no duplicate request inside that window.
  dedupingInterval: CONTENT_FRESH_MS,
  // A failed revalidation keeps the content already on screen (SWR keeps `data` on error).
  keepPreviousData: true,
  onErrorRetry: (_error, _key, _config, revalidate, options) => {
    if (options.retryCount > MAX_RETRIES) return
    setTimeout(() => void revalidate(options), retryDelay(options.retryCount))
  },
}
