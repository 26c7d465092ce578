import type { AnalyticsApi } from './analytics-api.ts'
import { randomSalt, saltKey, utcDay } from './visitor-id.ts'

/**
 * The HMAC keys of today's salt and yesterday's (docs/product.md §8.2), read from the database once
 * a day and kept in memory: today's is written there by whichever server or function needs it
 * first, so every instance hashes a visitor alike. Keys of older days are forgotten here as their
 * salts are in the database. The salts themselves are kept beside them for the copy experiments,
 * whose hashes the database computes too (docs/decisions/0064-experiment-visitors-per-client.md).
 */
export function createDayKeys(api: Pick<AnalyticsApi, 'salts'>) {
  let known = new Map<string, CryptoKey>()
  let salts = new Map<string, string>()
  let loading: { day: string; done: Promise<void> } | undefined

  async function load(now: Date): Promise<void> {
    const days = await api.salts(now, randomSalt())
    const next = new Map<string, CryptoKey>()
    for (const { day, salt } of days) next.set(day, known.get(day) ?? (await saltKey(salt)))
    known = next
    salts = new Map(days.map(({ day, salt }) => [day, salt]))
  }

  async function current(now: Date): Promise<void> {
    const today = utcDay(now)
    if (known.has(today)) return
    if (loading?.day !== today) {
      const done = load(now).finally(() => {
        if (loading?.done === done) loading = undefined
      })
      loading = { day: today, done }
    }
    await loading.done
  }

  return {
    /** The keys by UTC day (today's, and yesterday's when there was one) as of `now`. */
    async at(now: Date): Promise<ReadonlyMap<string, CryptoKey>> {
      await current(now)
      return known
    },
    /** The same days' salts, as hex. */
    async saltsAt(now: Date): Promise<ReadonlyMap<string, string>> {
      await current(now)
      return salts
    },
  }
}

export type DayKeys = ReturnType<typeof createDayKeys>
