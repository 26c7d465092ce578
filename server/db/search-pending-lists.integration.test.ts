// Sign-ups go to the search indexes' pending lists, which the server merges every few seconds
// (migration 20261215000000, decision 0105): a search finds a place before its merge and after it,
// and the merge empties the lists it finds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

const merge = async (database: MigratedDatabase) =>
  Number((await database.db.query<{ pages: string }>('select operator.merge_search_pending_lists() as pages')).rows[0]!.pages)

const found = async (database: MigratedDatabase, arm: string, fragment: string) =>
  (
    await database.db.query<{ hits: number }>(`select cardinality(operator.search_hits($1, $2, 'all', null)) as hits`, [
      arm,
      `%${fragment}%`,
    ])
  ).rows[0]!.hits

describe.each(databaseKinds)("the search indexes' pending lists on $kind", ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await merge(database)
    // As a sign-up's two calls write them, without the request they came in (triggers off).
    await database.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica')
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.waitlist (email, role) values ('ines.quaresma@pendente.example', 'Gestora de Pessoas') returning id`,
      )
      await tx.query(
        `insert into public.welcome_emails (waitlist_id, email, name, locale) values ($1, 'ines.quaresma@pendente.example', 'Inês Quaresma', 'pt')`,
        [rows[0]!.id],
      )
    })
  }, 120_000)
  afterAll(() => database?.close())

  it('finds a new place by address, role and name before and after the merge, which empties the lists once', async () => {
    const searches = async () => [
      await found(database, 'email', 'quaresma@pend'),
      await found(database, 'role', 'gestora de'),
      await found(database, 'name', 'inês quar'),
    ]
    expect(await searches()).toEqual([1, 1, 1])
    expect(await merge(database)).toBeGreaterThanOrEqual(3)
    expect(await merge(database)).toBe(0)
    expect(await searches()).toEqual([1, 1, 1])
  })
})
