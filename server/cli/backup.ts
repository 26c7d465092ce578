import { access } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { loadConfig, type ServerConfig } from '../config.ts'
import { failureMessage } from '../failure-message.ts'
import { openDatabase } from '../db/database.ts'
import { compileWasmBaselineOnly } from '../db/wasm-baseline.ts'
import { askServer, controlSocketPath } from '../backup/control-socket.ts'
import { SnapshotError } from '../backup/snapshot-error.ts'
import { summaryOf } from '../backup/row-counts.ts'
import { takeSnapshot, type Snapshot } from '../backup/take-snapshot.ts'

/**
 * `npm run backup`: a checked snapshot of the configured database into BACKUP_DIR, while the
 * server runs (docs/operations.md "Backups"). PostgreSQL: pg_dump, from here. The embedded
 * database: the running server takes it (only that process may open it), or, when none runs, this
 * command. Prints the snapshot's path on stdout, what it holds on stderr.
 */
async function main() {
  // A command's life is too short for V8's optimizing compiler to pay for PGlite (db/wasm-baseline.ts).
  compileWasmBaselineOnly()
  const config = loadConfig(process.env)
  if (config.supabase.hosted) {
    throw new SnapshotError(
      'The sign-ups are in hosted Supabase: its backups hold them (daily on paid plans, point-in-time recovery as an add-on; docs/operations.md "Backups"). This command backs up the database this server runs on.',
    )
  }
  const dir = resolve(config.backups.dir)
  const snapshot = config.databaseUrl
    ? await takeHere(config, dir)
    : ((await askRunningServer(config, dir)) ?? (await takeHere(config, dir)))
  console.log(snapshot.file)
  const { tables, rows, signups } = summaryOf(snapshot.counts)
  console.error(
    `Snapshot of ${snapshot.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} written and checked in ${(snapshot.ms / 1000).toFixed(1)} s: ${snapshot.file} (${(snapshot.bytes / 1e6).toFixed(1)} MB), ${signups.toLocaleString('en')} sign-ups, ${rows.toLocaleString('en')} rows in ${tables} tables.`,
  )
}

async function askRunningServer({ dataDir }: ServerConfig, dir: string): Promise<Snapshot | undefined> {
  const reply = await askServer(controlSocketPath(resolve(dataDir)), { command: 'backup', dir })
  if (reply && !reply.ok) throw new SnapshotError(`The running server could not take the snapshot: ${reply.error}`)
  return reply?.snapshot
}

async function takeHere({ databaseUrl, dataDir, lockWaitSeconds }: ServerConfig, dir: string): Promise<Snapshot> {
  const embedded = join(resolve(dataDir), 'pglite')
  if (!databaseUrl) {
    await access(join(embedded, 'PG_VERSION')).catch(() => {
      throw new SnapshotError(
        `There is no embedded database in ${embedded} to back up (DATA_DIR, or DATABASE_URL for PostgreSQL).`,
      )
    })
  }
  const db = await openDatabase({ databaseUrl, dataDir: resolve(dataDir), lockWaitSeconds })
  try {
    return await takeSnapshot(db, { dir, databaseUrl })
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(failureMessage(error))
  process.exit(1)
})
