// Each arm of a search reads its trigram index, never its whole table (migration 20261214100000,
// decision 0098): where the planner guesses that many places match, a `limit` made a scan of the
// table look cheaper, and at a million places that scan read half the table for some fragments.
// A small table is where the planner prefers the table most, so it shows the choice here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedScale } from '../../bench/scale/seed-scale.ts'
import type { Transaction } from '../db/database.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

interface Scans {
  relname: string
  seq_scan: number
  idx_scan: number
}

/** This transaction's scans of the tables a search reads, so far. */
const scansSoFar = async (tx: Transaction) =>
  (
    await tx.query<Scans>(
      `select relname, seq_scan::int, idx_scan::int from pg_catalog.pg_stat_xact_user_tables
       where schemaname = 'public' and relname in ('waitlist', 'welcome_emails') order by relname`,
    )
  ).rows

describe.each(databaseKinds)('a search arm on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await seedScale(database.db, { places: 500, visitorsPerDay: 10, days: 3 })
  }, 240_000)
  afterAll(() => database?.close())

  it.each([
    ['email', 'silva', 'all', 1001],
    ['email', 'example', 'unconfirmed', null],
    ['role', 'gerente', 'all', 1001],
    ['name', 'ana', 'all', 1001],
    ['name', 'ana', 'confirmed', null],
  ])('%s containing %s (%s, at most %s) is read through indexes only', async (arm, fragment, status, cap) => {
    const { before, after, hits } = await database.db.transaction(async (tx) => {
      const before = await scansSoFar(tx)
      const { rows } = await tx.query<{ hits: number }>('select cardinality(operator.search_hits($1, $2, $3, $4)) as hits', [
        arm,
        `%${fragment}%`,
        status,
        cap,
      ])
      return { before, after: await scansSoFar(tx), hits: rows[0]!.hits }
    })
    expect(hits).toBeGreaterThan(0)
    const read = after.map(({ relname, seq_scan, idx_scan }, i) => ({
      relname,
      tableScans: seq_scan - (before[i]?.seq_scan ?? 0),
      indexScans: idx_scan - (before[i]?.idx_scan ?? 0),
    }))
    expect(read.map(({ relname, tableScans }) => ({ relname, tableScans }))).toEqual([
      { relname: 'waitlist', tableScans: 0 },
      { relname: 'welcome_emails', tableScans: 0 },
    ])
    expect(read.reduce((sum, { indexScans }) => sum + indexScans, 0)).toBeGreaterThan(0)
  })
})
