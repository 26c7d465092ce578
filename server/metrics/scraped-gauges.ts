/**
 * Gauges read when Prometheus scrapes, not kept up to date between scrapes: the outboxes' depth
 * (one query, bounded by a timeout), the database pools' use and the newest backup. A read that
 * fails or takes too long leaves its gauges empty for that scrape (alert on `absent(…)`) and is
 * logged, at most once a minute.
 */
import type { FastifyBaseLogger } from 'fastify'
import { Gauge, type Registry } from 'prom-client'
import type { PoolUse } from '../db/database.ts'
import type { ReadOutboxDepth } from './outbox-depth.ts'

export interface ScrapedSources {
  outboxDepth?: ReadOutboxDepth | undefined
  pools?: (() => PoolUse[]) | undefined
  /** The newest snapshot in BACKUP_DIR: when it was written and its size; undefined when there is none. */
  newestBackup?: (() => Promise<{ at: Date; bytes: number } | undefined>) | undefined
}

/** A scrape waits at most this long for the outboxes' depth. */
const READ_TIMEOUT_MS = 2_000
const FAILURES_LOGGED_EVERY_MS = 60_000

export function registerScrapedGauges(registry: Registry, sources: ScrapedSources, log: FastifyBaseLogger): void {
  const registers = [registry]
  let failureLoggedAt = -Infinity
  const failed = (what: string, error: unknown) => {
    if (Date.now() - failureLoggedAt < FAILURES_LOGGED_EVERY_MS) return
    failureLoggedAt = Date.now()
    log.warn({ err: error }, `metrics: ${what} could not be read`)
  }

  const { outboxDepth } = sources
  if (outboxDepth) {
    const read = oncePerScrape(
      () => withTimeout(outboxDepth(), READ_TIMEOUT_MS),
      (error) => failed('the outbox depth', error),
    )
    new Gauge({
      name: 'pulso_outbox_pending',
      help: 'Messages waiting in an outbox, by kind (welcome, invitation, standing, webhook).',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset()
        for (const { kind, pending: count } of (await read()) ?? []) this.set({ kind }, count)
      },
    })
    new Gauge({
      name: 'pulso_outbox_oldest_pending_seconds',
      help: 'Age of the oldest message waiting in an outbox, by kind; 0 when none waits.',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset()
        for (const { kind, oldestSeconds } of (await read()) ?? []) this.set({ kind }, oldestSeconds)
      },
    })
  }

  const { pools } = sources
  if (pools) {
    new Gauge({
      name: 'pulso_db_connections',
      help: 'Database connections by pool (server, anon, embedded) and state (busy, idle).',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const use of pools()) {
          this.set({ pool: use.pool, state: 'busy' }, use.busy)
          this.set({ pool: use.pool, state: 'idle' }, use.open - use.busy)
        }
      },
    })
    new Gauge({
      name: 'pulso_db_connections_max',
      help: 'The most connections a pool opens.',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const use of pools()) this.set({ pool: use.pool }, use.max)
      },
    })
    new Gauge({
      name: 'pulso_db_waiting',
      help: 'Statements waiting for a connection, by pool.',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const use of pools()) this.set({ pool: use.pool }, use.waiting)
      },
    })
  }

  const { newestBackup } = sources
  if (newestBackup) {
    const read = oncePerScrape(newestBackup, (error) => failed('the backups', error))
    new Gauge({
      name: 'pulso_backup_last_success_timestamp_seconds',
      help: 'When the newest checked snapshot in BACKUP_DIR was written (Unix time); absent while there is none.',
      registers,
      async collect() {
        this.reset()
        const newest = await read()
        if (newest) this.set(newest.at.getTime() / 1000)
      },
    })
    new Gauge({
      name: 'pulso_backup_last_size_bytes',
      help: 'Size of the newest snapshot in BACKUP_DIR.',
      registers,
      async collect() {
        this.reset()
        const newest = await read()
        if (newest) this.set(newest.bytes)
      },
    })
  }
}

/**
 * One read for every gauge of a scrape that needs it: prom-client collects all metrics at once, so
 * their reads start in the same turn of the event loop, and the next scrape reads anew.
 */
function oncePerScrape<T>(read: () => Promise<T>, failed: (error: unknown) => void): () => Promise<T | undefined> {
  let reading: Promise<T | undefined> | undefined
  return () => {
    reading ??= read()
      .catch((error: unknown) => {
        failed(error)
        return undefined
      })
      .finally(() => setImmediate(() => (reading = undefined)))
    return reading
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
