import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Revalidator, RevalidatorOptions } from 'swr'
import { CONTENT_REFRESH_MS, retryDelay, swrOptions } from './swr-options.ts'

describe('retryDelay', () => {
  it('doubles from one second', () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000])
  })

  it('never waits more than 30 seconds', () => {
    expect(retryDelay(6)).toBe(30_000)
    expect(retryDelay(20)).toBe(30_000)
  })
})

describe('swrOptions', () => {
  it('revalidates on focus, on reconnect and every minute', () => {
    expect(swrOptions).toMatchObject({
      revalidateOnFocus: true,
      revalidateOnReconnect: true,
      refreshInterval: CONTENT_REFRESH_MS,
    })
    expect(CONTENT_REFRESH_MS).toBe(60_000)
    // Deduplication must not swallow a focus or a live event that comes seconds after a fetch.
    expect(swrOptions.dedupingInterval).toBeLessThanOrEqual(2_000)
  })

  describe('onErrorRetry', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    /** What SWR does on each failure: calls onErrorRetry with the attempt's number, 1 for the first retry. */
    function fail(revalidate: Revalidator, retryCount: number) {
      const onErrorRetry = swrOptions.onErrorRetry
      if (!onErrorRetry) throw new Error('swrOptions.onErrorRetry is not set')
      onErrorRetry(new Error('content API down'), 'page-content', swrOptions as never, revalidate, { retryCount, dedupe: true })
    }

    it('retries after 1 s, 2 s and 4 s, passing the attempt number on', () => {
      const revalidate = vi.fn<(options?: RevalidatorOptions) => Promise<boolean>>(() => Promise.resolve(true))
      const waits: number[] = []
      for (const retryCount of [1, 2, 3]) {
        fail(revalidate, retryCount)
        const before = revalidate.mock.calls.length
        const expected = retryDelay(retryCount)
        vi.advanceTimersByTime(expected - 1)
        expect(revalidate).toHaveBeenCalledTimes(before)
        vi.advanceTimersByTime(1)
        expect(revalidate).toHaveBeenCalledTimes(before + 1)
        expect(revalidate).toHaveBeenLastCalledWith({ retryCount, dedupe: true })
        waits.push(expected)
      }
      expect(waits).toEqual([1_000, 2_000, 4_000])
    })

    it('gives up after the third retry', () => {
      const revalidate = vi.fn<(options?: RevalidatorOptions) => Promise<boolean>>(() => Promise.resolve(true))
      fail(revalidate, 4)
      vi.advanceTimersByTime(60_000)
      expect(revalidate).not.toHaveBeenCalled()
      expect(vi.getTimerCount()).toBe(0)
    })
  })
})
