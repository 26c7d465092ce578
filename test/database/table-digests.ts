// Test helper: a digest of every row of every table a snapshot holds, to tell two databases'
// contents equal or not, table by table.
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { persistentTables } from '../../server/backup/row-counts.ts'

export async function tableDigests(sql: Sql): Promise<Record<string, string>> {
  const digests: Record<string, string> = {}
  for (const { name } of await persistentTables(sql)) {
    const { rows } = await sql.query<{ digest: string; rows: string }>(
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest, count(*) as rows from ${name} as t`,
    )
    digests[name] = `${rows[0]?.rows} rows, ${rows[0]?.digest}`
  }
  return digests
}
