/**
 * The rows of every table a snapshot holds, by table, read in one statement: what a snapshot is
 * checked against once written (it opens, and holds as many rows as the database did), and what a
 * restore reports. Unlogged tables are left out: PostgreSQL empties them after a crash and a
 * restore alike (guard.hits, the request limits' counts, whose loss only forgives a few requests).
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'

/** Rows by table, as `schema.table` (quoted as PostgreSQL and pg_dump quote it where needed). */
export type RowCounts = Record<string, number>

/**
 * Tables whose rows no snapshot holds: the days' salts. A visitor's hash cannot be linked to anyone
 * once its day's salt is gone, 48 hours on (docs/product.md §8.2); a snapshot kept for weeks must
 * not keep the salt for it. A restored database makes today's salt anew.
 */
export const LEFT_OUT_OF_SNAPSHOTS = ['analytics.salts']

/** The rows a snapshot of a database holding `counts` holds: none of the tables left out. */
export const snapshotCountsOf = (counts: RowCounts): RowCounts =>
  Object.fromEntries(Object.entries(counts).map(([table, rows]) => [table, LEFT_OUT_OF_SNAPSHOTS.includes(table) ? 0 : rows]))

const PERSISTENT_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and c.relpersistence = 'p'
    and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
  order by 1`

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** Every table a snapshot holds the rows of, as `schema.table`. */
export const persistentTables = async (sql: Sql) => (await sql.query<{ name: string }>(PERSISTENT_TABLES)).rows

export async function countRows(sql: Sql): Promise<RowCounts> {
  const tables = await persistentTables(sql)
  if (tables.length === 0) return {}
  const { rows } = await sql.query<{ name: string; rows: number | string }>(
    tables.map(({ name }) => `select ${literal(name)} as name, count(*) as rows from ${name}`).join('\nunion all\n'),
  )
  return Object.fromEntries(rows.map(({ name, rows: count }) => [name, Number(count)]))
}

/**
 * Tables whose counts differ between what was expected and what was found, as `table: expected ≠
 * found`; a table not found holds no rows (pg_dump writes no data for a table whose data it leaves out).
 */
export function countsThatDiffer(expected: RowCounts, found: RowCounts): string[] {
  return Object.entries(expected)
    .filter(([table, rows]) => (found[table] ?? 0) !== rows)
    .map(([table, rows]) => `${table}: ${rows} ≠ ${found[table] ?? 0}`)
}

/** The sum of every table's rows, and the waitlist's, for a one-line summary. */
export const summaryOf = (counts: RowCounts) => ({
  tables: Object.keys(counts).length,
  rows: Object.values(counts).reduce((sum, rows) => sum + rows, 0),
  signups: counts['public.waitlist'] ?? 0,
})
