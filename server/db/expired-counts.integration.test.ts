// The request limits' sweep of expired counts on both databases: it reads the expiry index, so a
// request costs the same with 5,000 open windows as with none, even on a connection whose plans
// were made while the table was empty (as every connection's are, right after a start).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transaction } from './database.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

/** Whole-table scans of `schema.table` so far in this transaction. */
async function tableScans(tx: Transaction, schema: string, table: string): Promise<number> {
  const { rows } = await tx.query<{ scans: number }>(
    'select seq_scan::int as scans from pg_stat_xact_all_tables where schemaname = $1 and relname = $2',
    [schema, table],
  )
  return rows[0]?.scans ?? 0
}

describe.each(databaseKinds)('expired request counts on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())

  it('are found through the expiry index, not by reading every open window', async () => {
    await database.db.transaction(async (tx) => {
      // The connection plans its statements now, on an empty table.
      await tx.query(`select guard.take('signup', '203.0.113.1')`)
      await tx.query(`select guard.spend_challenge('first', now() + interval '5 minutes')`)
      await tx.query(`
        insert into guard.hits (bucket, subject_hash, at, expires_at)
        select 'signup', sha256(convert_to(n::text, 'UTF8')), now(), now() + interval '10 minutes'
        from generate_series(1, 5000) as n`)
      await tx.query(`
        insert into guard.spent_challenges (nonce, expires_at)
        select 'open-' || n, now() + interval '5 minutes' from generate_series(1, 5000) as n`)
      const hitsBefore = await tableScans(tx, 'guard', 'hits')
      const challengesBefore = await tableScans(tx, 'guard', 'spent_challenges')

      await tx.query(`select guard.take('signup', '203.0.113.2')`)
      await tx.query(`select guard.spend_challenge('second', now() + interval '5 minutes')`)

      expect(await tableScans(tx, 'guard', 'hits')).toBe(hitsBefore)
      expect(await tableScans(tx, 'guard', 'spent_challenges')).toBe(challengesBefore)
    })
  })

  it('are deleted a bounded batch per request, the longest expired first', async () => {
    await database.db.query(`
      insert into guard.hits (bucket, subject_hash, at, expires_at)
      select 'signup', sha256(convert_to('gone-' || n, 'UTF8')), now() - interval '1 hour', now() - make_interval(secs => n)
      from generate_series(1, 150) as n`)
    const expired = async () =>
      (await database.db.query<{ count: number }>('select count(*)::int as count from guard.hits where expires_at <= now()'))
        .rows[0]?.count
    await database.db.query(`select guard.take('signup', '203.0.113.3')`)
    expect(await expired()).toBe(50)
    // Those left are the 50 that expired last (1 to 50 seconds ago).
    const { rows } = await database.db.query<{ recent: boolean }>(
      `select min(expires_at) > now() - interval '51 seconds' as recent from guard.hits where expires_at <= now()`,
    )
    expect(rows).toEqual([{ recent: true }])
    await database.db.query(`select guard.take('signup', '203.0.113.3')`)
    expect(await expired()).toBe(0)
  })
})
