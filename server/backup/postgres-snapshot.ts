/**
 * Snapshots of PostgreSQL: pg_dump's custom format, taken inside a transaction of our own whose
 * snapshot pg_dump shares (`--snapshot`), so the rows counted and the rows dumped are the same
 * instant's while sign-ups go on. Checked by reading the archive back with pg_restore and counting
 * its rows; restored with pg_restore into an empty database.
 */
import type { Database } from '../db/database.ts'
import { createApiRoles } from '../db/migrate.ts'
import { checkToolFor, rowsInArchive, runTool } from './pg-tools.ts'
import { countRows, countsThatDiffer, LEFT_OUT_OF_SNAPSHOTS, snapshotCountsOf, type RowCounts } from './row-counts.ts'
import { SnapshotError } from './snapshot-error.ts'

/** Writes the snapshot of `db` (at `databaseUrl`) to `file`; resolves with the rows it holds. */
export async function writePostgresSnapshot(db: Database, databaseUrl: string, file: string): Promise<RowCounts> {
  await checkToolFor('pg_dump', db)
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only')
    const { rows } = await tx.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    const counts = snapshotCountsOf(await countRows(tx))
    const leftOut = LEFT_OUT_OF_SNAPSHOTS.map((table) => `--exclude-table-data=${table}`)
    await runTool('pg_dump', databaseUrl, ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, ...leftOut, `--file=${file}`])
    return counts
  })
}

/** Reads `file` back with pg_restore: it must open, and hold the rows it was taken with. */
export async function checkPostgresSnapshot(file: string, expected: RowCounts): Promise<void> {
  const differ = countsThatDiffer(expected, await rowsInArchive(file))
  if (differ.length > 0) throw new SnapshotError(`${file} does not hold the rows it was taken with: ${differ.join('; ')}`)
}

/** Tables, views, sequences anywhere but PostgreSQL's own schemas: a database with any is not empty. */
const RELATIONS = `
  select count(*) as relations
  from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`

/**
 * Restores `file` into `db` (at `databaseUrl`), which must be empty: Supabase's API roles first
 * (they belong to the server, not the database), then pg_restore in one transaction, objects owned
 * by DATABASE_URL's user. Resolves with the rows restored, which must be those the archive holds.
 */
export async function restorePostgresSnapshot(file: string, db: Database, databaseUrl: string): Promise<RowCounts> {
  const { rows } = await db.query<{ relations: string }>(RELATIONS)
  const relations = Number(rows[0]?.relations ?? 0)
  if (relations > 0) {
    throw new SnapshotError(
      `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): a snapshot is restored into an empty one. Create one (createdb pulso_restored), point DATABASE_URL at it, and run the restore again.`,
    )
  }
  await checkToolFor('pg_restore', db)
  const archived = await rowsInArchive(file)
  await createApiRoles(db)
  await runTool('pg_restore', databaseUrl, ['--no-owner', '--exit-on-error', '--single-transaction', file])
  const restored = await countRows(db)
  const differ = countsThatDiffer(Object.fromEntries(Object.entries(restored).filter(([table]) => table in archived)), archived)
  if (differ.length > 0) throw new SnapshotError(`The restored database does not hold the archive's rows: ${differ.join('; ')}`)
  return restored
}
