/**
 * Counting off the request path (docs/product.md §8.4): a page view or a form start is merged into
 * memory at once (pending-counts.ts) and written with the others every second, or sooner once a
 * thousand visitors wait, in one call per kind. A crash loses at most what waited since the last
 * write; a write that fails is dropped and logged, never retried into a growing backlog. Old salts,
 * visitor hashes and aggregates are swept on start and every ten minutes.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { AnalyticsApi, SweepOutcome, VisitCount } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { createDayKeys } from '../../supabase/functions/_shared/analytics/day-keys.ts'
import { formStartCount } from '../../supabase/functions/_shared/analytics/form-starts.ts'
import { utcDay, visitorId, type Visitor } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import type { RequestLimit } from '../config.ts'
import { createClientLimit } from './client-limit.ts'
import { createPendingCounts, type PendingEntry, type VisitFacts } from './pending-counts.ts'

export interface PageCounterOptions {
  api: AnalyticsApi
  /** The site's host: part of every visitor's identifier. */
  site: string
  /** Injected by tests that move time. */
  clock: () => Date
  retentionMonths: number
  /** Counted requests per client address. */
  perClient: RequestLimit
  log: FastifyBaseLogger
  writeEveryMs?: number
  /** Visitors waiting that start a write at once. */
  writeAt?: number
  /** Visitors waiting at most; beyond them new ones are dropped. */
  maxWaiting?: number
  sweepEveryMs?: number
  /** Told of every page view and form start: counted, or why not (the server's metrics). */
  observe?: (outcome: 'counted' | UncountedReason, count: number) => void
}

/**
 * Why a page view or form start went uncounted: too many visitors waiting at once (`flood`), the
 * write failed (`write_failed`), its day's salt was gone (`salt_gone`), or its client was past its
 * limit (`over_limit`).
 */
export type UncountedReason = 'flood' | 'write_failed' | 'salt_gone' | 'over_limit'

export interface CounterStats {
  /** Page views and form starts written. */
  written: number
  /** Dropped: the memory bound was reached, the write failed, or the day's salt was gone. */
  dropped: number
  /** Past a client's limit, not counted. */
  overLimit: number
}

export interface PageCounter {
  view(visitor: Visitor, facts: VisitFacts): void
  formStart(visitor: Visitor): void
  /** Writes what waits now; resolves once it is written (or dropped). */
  flush(): Promise<void>
  sweep(): Promise<SweepOutcome | undefined>
  stats(): CounterStats
  /** Stops the timers and writes what waits. */
  close(): Promise<void>
}

/** Drops are logged at most this often. */
const DROPS_LOGGED_EVERY_MS = 60_000

export function createPageCounter({
  api,
  site,
  clock,
  retentionMonths,
  perClient,
  log,
  writeEveryMs = 1_000,
  writeAt = 1_000,
  maxWaiting = 10_000,
  sweepEveryMs = 10 * 60_000,
  observe,
}: PageCounterOptions): PageCounter {
  const waiting = createPendingCounts(maxWaiting)
  const limit = createClientLimit(perClient)
  const keys = createDayKeys(api)
  const stats: CounterStats = { written: 0, dropped: 0, overLimit: 0 }
  let writing: Promise<void> | undefined
  let dropsLoggedAt = 0
  let unloggedDrops = 0

  function drop(count: number, kind: UncountedReason, reason: string) {
    observe?.(kind, count)
    stats.dropped += count
    unloggedDrops += count
    const now = Date.now()
    if (now - dropsLoggedAt < DROPS_LOGGED_EVERY_MS) return
    log.warn({ dropped: unloggedDrops, reason }, 'page views not counted')
    dropsLoggedAt = now
    unloggedDrops = 0
  }

  function admitted(visitor: Visitor): boolean {
    if (limit.take(visitor.address, clock().getTime())) return true
    stats.overLimit += 1
    observe?.('over_limit', 1)
    return false
  }

  async function write(entries: PendingEntry[]): Promise<void> {
    const now = clock()
    const dayKeys = await keys.at(now)
    let lost = 0
    // In the order the visitors came (each identifier is hashed apart, and may finish in any order).
    const counted = await Promise.all(
      entries.map(async (entry) => {
        const key = dayKeys.get(entry.day)
        if (!key) {
          lost += entry.views + entry.formStarts
          return {}
        }
        const visit: VisitCount | undefined =
          entry.facts && entry.views > 0
            ? { ...entry.facts, day: entry.day, visitor: await visitorId(key, entry.visitor, site), page_views: entry.views }
            : undefined
        const start =
          entry.formStarts > 0 ? await formStartCount(dayKeys, entry.day, entry.visitor, site, entry.formStarts) : undefined
        return { visit, start }
      }),
    )
    const visits = counted.flatMap(({ visit }) => (visit ? [visit] : []))
    const starts = counted.flatMap(({ start }) => (start ? [start] : []))
    // Views first: a form start finds the visit its own page view just made.
    if (visits.length > 0) await api.countVisits(visits)
    if (starts.length > 0) await api.countFormStarts(starts)
    const written = visits.reduce((sum, visit) => sum + visit.page_views, 0) + starts.reduce((sum, s) => sum + s.form_starts, 0)
    stats.written += written
    observe?.('counted', written)
    if (lost > 0) drop(lost, 'salt_gone', 'the day’s salt is gone')
  }

  function flush(): Promise<void> {
    if (writing) return writing.then(() => (waiting.size > 0 ? flush() : undefined))
    const entries = waiting.take()
    const bounded = waiting.takeDropped()
    if (bounded > 0) drop(bounded, 'flood', 'too many visitors waiting to be written')
    if (entries.length === 0) return Promise.resolve()
    writing = write(entries)
      .catch((error: unknown) => {
        drop(
          entries.reduce((sum, entry) => sum + entry.views + entry.formStarts, 0),
          'write_failed',
          error instanceof Error ? error.message : String(error),
        )
      })
      .finally(() => {
        writing = undefined
        if (waiting.size >= writeAt) void flush()
      })
    return writing
  }

  function startWriteIfFull() {
    if (waiting.size >= writeAt && !writing) void flush()
  }

  async function sweep(): Promise<SweepOutcome | undefined> {
    try {
      const outcome = await api.sweep(clock(), retentionMonths)
      if (outcome.salts_deleted > 0 || outcome.aggregates_deleted > 0) log.info(outcome, 'analytics swept')
      return outcome
    } catch (error) {
      log.error({ err: error }, 'analytics sweep failed, will retry')
      return undefined
    }
  }

  let sweeping: Promise<unknown> = sweep()
  const writer = setInterval(() => void flush(), writeEveryMs)
  writer.unref()
  const sweeper = setInterval(() => (sweeping = sweep()), sweepEveryMs)
  sweeper.unref()

  return {
    view(visitor, facts) {
      if (!admitted(visitor)) return
      waiting.addView(utcDay(clock()), visitor, facts)
      startWriteIfFull()
    },
    formStart(visitor) {
      if (!admitted(visitor)) return
      waiting.addFormStart(utcDay(clock()), visitor)
      startWriteIfFull()
    },
    flush,
    sweep,
    stats: () => ({ ...stats }),
    async close() {
      clearInterval(writer)
      clearInterval(sweeper)
      await Promise.all([flush(), sweeping])
    },
  }
}
