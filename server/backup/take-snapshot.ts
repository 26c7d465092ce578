/**
 * One snapshot of the database the server runs on, into BACKUP_DIR: written under a hidden name,
 * checked (it opens, and holds the rows the database held at that instant), then given its final
 * name, private to the server's user. A snapshot that fails its check is deleted: only checked
 * snapshots ever carry a snapshot's name (docs/operations.md "Backups").
 */
import { chmod, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import { checkPgliteSnapshot, writePgliteSnapshot } from './pglite-snapshot.ts'
import { checkPostgresSnapshot, writePostgresSnapshot } from './postgres-snapshot.ts'
import type { RowCounts } from './row-counts.ts'
import { privateFolder, snapshotName } from './snapshot-files.ts'

export interface Snapshot {
  file: string
  bytes: number
  kind: Database['kind']
  /** Every table's rows at the snapshot's instant (unlogged tables aside). */
  counts: RowCounts
  /** How long writing and checking it took. */
  ms: number
}

export interface SnapshotTarget {
  /** BACKUP_DIR, absolute. */
  dir: string
  /** DATABASE_URL, for pg_dump; undefined on the embedded database. */
  databaseUrl: string | undefined
}

export async function takeSnapshot(db: Database, { dir, databaseUrl }: SnapshotTarget): Promise<Snapshot> {
  const started = performance.now()
  await privateFolder(dir)
  const name = snapshotName(db.kind, new Date())
  const partial = join(dir, `.${name}.partial`)
  try {
    let counts: RowCounts
    if (db.kind === 'pglite') {
      counts = await writePgliteSnapshot(db, partial)
      await checkPgliteSnapshot(partial)
    } else {
      if (!databaseUrl) throw new Error('a PostgreSQL snapshot needs DATABASE_URL')
      counts = await writePostgresSnapshot(db, databaseUrl, partial)
      await checkPostgresSnapshot(partial, counts)
    }
    await chmod(partial, 0o600)
    const file = join(dir, name)
    await rename(partial, file)
    return { file, bytes: (await stat(file)).size, kind: db.kind, counts, ms: performance.now() - started }
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}
