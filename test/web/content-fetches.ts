import type { BareFetcher, Middleware, SWRConfiguration } from 'swr'

/** Counts occurrences of something and lets a test wait for the n-th. */
function occurrences() {
  let count = 0
  const waiting = new Set<{ count: number; resolve: () => void }>()
  return {
    add() {
      count += 1
      for (const waiter of waiting) {
        if (waiter.count > count) continue
        waiting.delete(waiter)
        waiter.resolve()
      }
    },
    reached(target: number): Promise<void> {
      if (count >= target) return Promise.resolve()
      return new Promise((resolve) => waiting.add({ count: target, resolve }))
    },
  }
}

/**
 * What SWR does with the page's content, seen through its public hooks: when each fetch starts,
 * by the clock the test controls, and when SWR has taken in each answer or failure (by then a
 * failure's retry is scheduled). Give `config` to renderApp; the page's own options still apply.
 */
export function watchContentFetches() {
  const startedAt: number[] = []
  const successes = occurrences()
  const failures = occurrences()

  const recordStarts: Middleware = (useSWRNext) => (key, fetcher, config) =>
    useSWRNext(
      key,
      fetcher &&
        ((...args: Parameters<BareFetcher>) => {
          startedAt.push(Date.now())
          return fetcher(...args)
        }),
      config,
    )

  const config: SWRConfiguration = {
    use: [recordStarts],
    onSuccess: () => successes.add(),
    onError: () => failures.add(),
  }

  return {
    config,
    /** When each fetch started (Date.now(), fake when the test fakes the clock). */
    startedAt,
    /** Resolves once SWR has taken in the `count`-th answer. */
    succeeded: (count: number) => successes.reached(count),
    /** Resolves once SWR has handled the `count`-th failed fetch. */
    failed: (count: number) => failures.reached(count),
  }
}
