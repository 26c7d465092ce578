import type { Database } from './database.ts'

export interface VacuumSchedule {
  /** Resolves when the vacuum in progress, if any, has finished. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/**
 * Embedded PGlite has no autovacuum: rows that refused or rolled-back writes leave behind, and
 * the request-limit rows that expire, would keep their space until the disk is full. This runs
 * a plain VACUUM now and every `intervalMs` (one at a time), which makes that space reusable
 * and gives empty pages at the end of each table back to the file system.
 */
export function scheduleVacuum(db: Database, intervalMs: number, onError: (error: unknown) => void): VacuumSchedule {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  const vacuum = () => {
    if (busy) return
    busy = true
    running = db
      .query('vacuum')
      .then(() => undefined, onError)
      .finally(() => {
        busy = false
      })
  }
  vacuum()
  const timer = setInterval(vacuum, intervalMs)
  timer.unref()
  return {
    idle: () => running,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
