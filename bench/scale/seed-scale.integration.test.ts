// The scale benchmark's data is a waitlist the server would keep as it is: seeded with places the
// server's own sweep deletes (unconfirmed past UNCONFIRMED_RETENTION_DAYS), the server deleted a
// third of the list in one statement while the benchmark measured, and an export then running
// ended short of the places counted before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWaitlistPlaces } from '../../supabase/functions/_shared/links/waitlist-places.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'
import { seedScale } from './seed-scale.ts'

const UNCONFIRMED_RETENTION_DAYS = 30

describe.each(databaseKinds)('the scale benchmark’s data on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  }, 60_000)
  afterAll(() => database?.close())

  it('has the places it says, and none the server’s sweep of unconfirmed places would delete', async () => {
    const counts = await seedScale(database.db, { places: 3_000, visitorsPerDay: 100, days: 40 })
    expect(counts).toMatchObject({ places: 3_000, welcomes: 3_000 })
    expect(await createWaitlistPlaces(database.db).deleteUnconfirmed(UNCONFIRMED_RETENTION_DAYS)).toBe(0)
    const { rows } = await database.db.query<{ unconfirmed: number }>(
      'select count(*)::int as unconfirmed from public.waitlist where confirmed_at is null',
    )
    // The launch month's sign-ups still include people yet to confirm.
    expect(rows[0]?.unconfirmed).toBeGreaterThan(0)
  })
})
