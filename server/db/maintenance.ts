import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './database.ts'

export interface Schedule {
  /** Resolves when the run in progress, if any, has finished. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/** Runs `statement` now and every `intervalMs`, one run at a time; a failed run goes to `onError` and the next still comes. */
export function scheduleStatement(
  db: Database,
  statement: string,
  intervalMs: number,
  onError: (error: unknown) => void,
): Schedule {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  const run = () => {
    if (busy) return
    busy = true
    running = db
      .query(statement)
      .then(() => undefined, onError)
      .finally(() => {
        busy = false
      })
  }
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return {
    idle: () => running,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

/** How often the embedded database is vacuumed. */
const VACUUM_EVERY_MS = 10 * 60_000
/** How often the search indexes' pending lists are merged: a few seconds of sign-ups each time. */
const MERGE_SEARCH_LISTS_EVERY_MS = 10_000

/**
 * The database's upkeep this server does. Embedded PGlite has no autovacuum: rows that refused or
 * rolled-back writes leave behind, and the request-limit rows that expire, would keep their space
 * until the disk is full, so it is vacuumed (PostgreSQL vacuums itself). On both, sign-ups add to the
 * search indexes' pending lists, merged here rather than by the sign-up that fills one (decision 0105).
 */
export function startMaintenance(db: Database, log: FastifyBaseLogger): Pick<Schedule, 'stop'> {
  const schedules = [
    ...(db.kind === 'pglite'
      ? [scheduleStatement(db, 'vacuum', VACUUM_EVERY_MS, (error) => log.error({ err: error }, 'vacuum failed'))]
      : []),
    scheduleStatement(db, 'select operator.merge_search_pending_lists()', MERGE_SEARCH_LISTS_EVERY_MS, (error) =>
      log.error({ err: error }, "merging the search indexes' pending lists failed"),
    ),
  ]
  return { stop: async () => void (await Promise.all(schedules.map((schedule) => schedule.stop()))) }
}
