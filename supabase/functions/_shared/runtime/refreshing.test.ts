import { afterEach, describe, expect, it, vi } from 'vitest'
import { refreshing } from './refreshing.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('refreshing', () => {
  it('keeps serving the last answer while a newer one is fetched, and after a refresh fails', async () => {
    vi.useFakeTimers()
    let version = 0
    const load = vi.fn(async () => {
      version += 1
      if (version === 3) throw new Error('down')
      return version
    })
    const read = refreshing(load, 1000)
    expect(await read()).toBe(1)
    vi.advanceTimersByTime(1001)
    expect(await read()).toBe(1) // stale: answered at once, refreshed behind
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2))
    expect(await read()).toBe(2)
    vi.advanceTimersByTime(1001)
    expect(await read()).toBe(2) // the refresh that follows fails
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(3))
    expect(await read()).toBe(2)
  })

  it('passes the first failure on, and tries again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('ok')
    const read = refreshing(load, 1000)
    await expect(read()).rejects.toThrow('down')
    expect(await read()).toBe('ok')
  })

  it('shares one fetch between callers that arrive together', async () => {
    const load = vi.fn(async () => 'once')
    const read = refreshing(load, 1000)
    expect(await Promise.all([read(), read(), read()])).toEqual(['once', 'once', 'once'])
    expect(load).toHaveBeenCalledTimes(1)
  })
})
