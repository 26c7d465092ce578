/**
 * The server's own snapshots (BACKUP_EVERY): the next one falls due BACKUP_EVERY after the newest in
 * BACKUP_DIR, whoever took it, so a server restarted often still takes one per period, and one
 * that was down past it takes one at once. After each, all but the newest BACKUP_KEEP are deleted.
 * A failed snapshot is logged and tried again after a tenth of the period (at most an hour).
 */
import type { FastifyBaseLogger } from 'fastify'
import { summaryOf } from './row-counts.ts'
import { newestSnapshot, pruneSnapshots } from './snapshot-files.ts'
import type { Snapshot } from './take-snapshot.ts'

export interface BackupSchedule {
  /** Stops the schedule; a snapshot being taken is finished first (it needs the database). */
  stop(): Promise<void>
}

export interface ScheduleOptions {
  everyMs: number
  keep: number
  dir: string
  take: () => Promise<Snapshot>
  log: FastifyBaseLogger
  /** Told of each scheduled snapshot's result (the metrics). */
  onResult?: (result: 'ok' | 'failed') => void
}

/** Timers cannot wait longer than this (about 24.8 days): a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1
const LONGEST_RETRY_MS = 3_600_000

export function scheduleBackups({ everyMs, keep, dir, take, log, onResult }: ScheduleOptions): BackupSchedule {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false

  const wakeAt = (due: number) => {
    if (stopped) return
    const wait = Math.max(0, due - Date.now())
    // Woken before `due` (a wait longer than a timer holds, or a timer that fires a millisecond
    // before the clock reads its time, as Node's may): waits again for the rest.
    timer = setTimeout(() => (Date.now() < due ? wakeAt(due) : (running = snapshotNow())), Math.min(wait, LONGEST_TIMER_MS))
    // A schedule alone does not keep the process alive; the server's listener does.
    timer.unref()
  }

  async function snapshotNow() {
    try {
      const snapshot = await take()
      const deleted = await pruneSnapshots(dir, keep)
      log.info(
        { file: snapshot.file, bytes: snapshot.bytes, ms: Math.round(snapshot.ms), ...summaryOf(snapshot.counts), deleted },
        'backup taken',
      )
      onResult?.('ok')
      wakeAt(Date.now() + everyMs)
    } catch (error) {
      log.error({ err: error }, 'backup failed, will retry')
      onResult?.('failed')
      wakeAt(Date.now() + Math.min(everyMs / 10, LONGEST_RETRY_MS))
    }
  }

  running = newestSnapshot(dir).then(
    (newest) => wakeAt(newest ? newest.at.getTime() + everyMs : Date.now()),
    (error: unknown) => {
      log.error({ err: error }, `backups: ${dir} cannot be read; the first snapshot is taken now`)
      wakeAt(Date.now())
    },
  )

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
