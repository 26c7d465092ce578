/**
 * Exposures off the request path, as page views are (docs/product.md §8.4, §12): each assigned page
 * view is merged into memory per client, day and experiment, and written with the others every second
 * in one call. A client is held to the page views' own bound (ANALYTICS_LIMIT): past it, and for any
 * visitor of a client other than the first this second, the view is only counted as over the bound
 * (a number per day and experiment), never as a visitor; the database keeps the first visitor of each
 * client a day (docs/decisions/0064-experiment-visitors-per-client.md). At most `maxWaiting` exposures
 * wait; beyond them new ones are dropped and logged. A failed write is dropped, not retried. Exposures
 * older than yesterday are rolled up on start and every ten minutes.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { RequestLimit } from '../config.ts'
import { createClientLimit } from '../analytics/client-limit.ts'
import type { ExperimentCounts, Exposure, OverBoundViews } from './experiment-counts.ts'

export interface ExposureLogOptions {
  counts: ExperimentCounts
  log: FastifyBaseLogger
  clock: () => Date
  retentionMonths: number
  /** Page views of one client address that may count: the page views' own bound. */
  perClient: RequestLimit
  writeEveryMs?: number
  maxWaiting?: number
  sweepEveryMs?: number
}

export interface ExposureLog {
  /** The exposures one page view sent to the client at `address` showed. */
  add(address: string, exposures: readonly Exposure[]): void
  /** Writes what waits now; resolves once it is written (or dropped). */
  flush(): Promise<void>
  sweep(): Promise<void>
  close(): Promise<void>
}

export function createExposureLog({
  counts,
  log,
  clock,
  retentionMonths,
  perClient,
  writeEveryMs = 1_000,
  maxWaiting = 10_000,
  sweepEveryMs = 10 * 60_000,
}: ExposureLogOptions): ExposureLog {
  const limit = createClientLimit(perClient)
  let waiting = new Map<string, Exposure>()
  let overBound = new Map<string, OverBoundViews>()
  let writing: Promise<void> = Promise.resolve()
  let dropped = 0

  function countOverBound({ day, experiment_id }: Exposure) {
    const key = `${day} ${experiment_id}`
    const counted = overBound.get(key)
    if (counted) counted.exposures += 1
    else overBound.set(key, { day, experiment_id, exposures: 1 })
  }

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const batch = [...waiting.values()]
      const over = [...overBound.values()]
      waiting = new Map()
      overBound = new Map()
      if (dropped > 0) log.warn({ dropped }, 'exposures not counted: too many waiting')
      dropped = 0
      if (batch.length === 0 && over.length === 0) return
      await counts.countExposures(batch, over).catch((error: unknown) => {
        log.warn({ err: error, dropped: batch.length }, 'exposures not counted: the write failed')
      })
    })
    return writing
  }

  async function sweep(): Promise<void> {
    try {
      const outcome = await counts.sweep(clock(), retentionMonths)
      if (outcome.exposures_rolled_up > 0 || outcome.aggregates_deleted > 0) log.info(outcome, 'experiment exposures swept')
    } catch (error) {
      log.error({ err: error }, 'experiment sweep failed, will retry')
    }
  }

  let sweeping = sweep()
  const writer = setInterval(() => void flush(), writeEveryMs)
  writer.unref()
  const sweeper = setInterval(() => (sweeping = sweep()), sweepEveryMs)
  sweeper.unref()

  return {
    add(address, exposures) {
      if (exposures.length === 0) return
      const withinBound = limit.take(address, clock().getTime())
      for (const exposure of exposures) {
        const key = `${exposure.day} ${exposure.client} ${exposure.experiment_id}`
        const held = waiting.get(key)
        if (!withinBound || (held && held.visitor !== exposure.visitor)) countOverBound(exposure)
        else if (held) continue
        else if (waiting.size >= maxWaiting) dropped += 1
        else waiting.set(key, exposure)
      }
    },
    flush,
    sweep,
    async close() {
      clearInterval(writer)
      clearInterval(sweeper)
      await Promise.all([flush(), sweeping])
    },
  }
}
