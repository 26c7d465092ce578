/**
 * The server's own snapshots when BACKUP_EVERY is set: on PostgreSQL, pg_dump is looked for at
 * start, so a server that could not back up as configured says so now, not at the first snapshot.
 */
import { resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { scheduleBackups, type BackupSchedule, type ScheduleOptions } from './backup-schedule.ts'
import { checkToolFor } from './pg-tools.ts'
import { takeSnapshot } from './take-snapshot.ts'

export async function startBackups(
  { backups, databaseUrl }: ServerConfig,
  db: Database,
  log: FastifyBaseLogger,
  onResult: ScheduleOptions['onResult'],
): Promise<BackupSchedule | undefined> {
  if (backups.everyMs === undefined) return undefined
  if (db.kind === 'postgres') await checkToolFor('pg_dump', db)
  const dir = resolve(backups.dir)
  log.info({ dir, everySeconds: backups.everyMs / 1000, keep: backups.keep }, 'backups scheduled')
  return scheduleBackups({
    everyMs: backups.everyMs,
    keep: backups.keep,
    dir,
    take: () => takeSnapshot(db, { dir, databaseUrl }),
    log,
    ...(onResult ? { onResult } : {}),
  })
}
