import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { failureMessage } from '../failure-message.ts'
import { openDatabase } from '../db/database.ts'
import { compileWasmBaselineOnly } from '../db/wasm-baseline.ts'
import { restorePgliteSnapshot } from '../backup/pglite-snapshot.ts'
import { restorePostgresSnapshot } from '../backup/postgres-snapshot.ts'
import { SnapshotError } from '../backup/snapshot-error.ts'
import { snapshotKindOf } from '../backup/snapshot-files.ts'
import { summaryOf, type RowCounts } from '../backup/row-counts.ts'

/**
 * `npm run restore FILE`: a snapshot of `npm run backup` (or of the server's schedule) into the
 * configured database, which must be empty: DATA_DIR's embedded database for a `.pglite.tar.gz`,
 * DATABASE_URL's for a `.pgdump`. Nothing is overwritten; the rows restored are counted against
 * the snapshot's (docs/operations.md "Backups").
 */
async function main() {
  // A command's life is too short for V8's optimizing compiler to pay for PGlite (db/wasm-baseline.ts).
  compileWasmBaselineOnly()
  const file = process.argv[2]
  if (!file) throw new SnapshotError('Name the snapshot to restore: npm run restore -- backups/pulso-….pgdump')
  const config = loadConfig(process.env)
  const kind = await snapshotKindOf(resolve(file)).catch(() => {
    throw new SnapshotError(`${file} cannot be read.`)
  })
  let counts: RowCounts
  if (kind === 'pglite') {
    if (config.databaseUrl) {
      throw new SnapshotError(`${file} is a snapshot of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`)
    }
    counts = await restorePgliteSnapshot(resolve(file), resolve(config.dataDir), config.lockWaitSeconds)
  } else if (kind === 'postgres') {
    if (!config.databaseUrl) {
      throw new SnapshotError(
        `${file} is a snapshot of PostgreSQL (pg_dump): set DATABASE_URL to an empty database to restore it into.`,
      )
    }
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) })
    try {
      counts = await restorePostgresSnapshot(resolve(file), db, config.databaseUrl)
    } finally {
      await db.close()
    }
  } else {
    throw new SnapshotError(`${file} is not a snapshot (neither the embedded database's .tar.gz nor pg_dump's archive).`)
  }
  const { tables, rows, signups } = summaryOf(counts)
  console.error(
    `Restored ${signups.toLocaleString('en')} sign-ups, ${rows.toLocaleString('en')} rows in ${tables} tables into ${kind === 'pglite' ? `${resolve(config.dataDir)}/pglite` : 'the database of DATABASE_URL'}. Start the server on it: npm start.`,
  )
}

main().catch((error: unknown) => {
  console.error(failureMessage(error))
  process.exit(1)
})
