/**
 * Exposures off the request path, as page views are (docs/product.md §8.4): each assigned page view
 * is merged into memory per visitor-day and experiment, and written with the others every second in
 * one call. At most `maxWaiting` wait; beyond them new ones are dropped and logged. A failed write is
 * dropped, not retried. Exposures older than yesterday are rolled up on start and every ten minutes.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { ExperimentCounts, Exposure } from './experiment-counts.ts'

export interface ExposureLogOptions {
  counts: ExperimentCounts
  log: FastifyBaseLogger
  clock: () => Date
  retentionMonths: number
  writeEveryMs?: number
  maxWaiting?: number
  sweepEveryMs?: number
}

export interface ExposureLog {
  add(exposures: readonly Exposure[]): void
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
  writeEveryMs = 1_000,
  maxWaiting = 10_000,
  sweepEveryMs = 10 * 60_000,
}: ExposureLogOptions): ExposureLog {
  let waiting = new Map<string, Exposure>()
  let writing: Promise<void> = Promise.resolve()
  let dropped = 0

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const batch = [...waiting.values()]
      waiting = new Map()
      if (dropped > 0) log.warn({ dropped }, 'exposures not counted: too many waiting')
      dropped = 0
      if (batch.length === 0) return
      await counts.countExposures(batch).catch((error: unknown) => {
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
    add(exposures) {
      for (const exposure of exposures) {
        const key = `${exposure.day} ${exposure.visitor} ${exposure.experiment_id}`
        if (waiting.has(key)) continue
        if (waiting.size >= maxWaiting) dropped += 1
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
