// The list's search with more matches than a page (supabase/migrations/20261208090000, decision 0085):
// however it finds them (every match sorted, or the newest spans of the list), a page holds the same
// places in the same order as sorting every match newest first would give, and the total is counted
// up to the search's bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedScale } from '../../bench/scale/seed-scale.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

const PLACES = 6_000
const PAGE = 50

interface Page {
  total: number
  totalCapped: boolean
  rows: { id: string }[]
}

describe.each(databaseKinds)('a search through many places on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await seedScale(database.db, { places: PLACES, visitorsPerDay: 10, days: 3 })
  }, 240_000)
  afterAll(() => database?.close())

  const pageOf = async (search: string, status: string, offset: number) =>
    (
      await database.db.query<{ page: Page }>('select operator.waitlist_page($1, $2, $3, $4, $5) as page', [
        'test',
        search,
        status,
        PAGE,
        offset,
      ])
    ).rows[0]!.page

  /** Every match of `search`, newest first, found by reading each place: the order a page must keep. */
  const everyMatch = async (search: string, status: string) =>
    (
      await database.db.query<{ id: string }>(
        `select w.id from public.waitlist as w
         left join public.welcome_emails as e on e.waitlist_id = w.id and e.kind = 'welcome'
         where (strpos(lower(w.email), $1) > 0 or strpos(lower(w.role), $1) > 0 or strpos(lower(e.name), $1) > 0)
           and ($2 = 'all' or ($2 = 'confirmed') = (w.confirmed_at is not null))
         order by w.created_at desc, w.id desc`,
        [search.toLowerCase(), status],
      )
    ).rows.map(({ id }) => id)

  /** The page from `offset` holds what sorting every match gives there, and the total counts them up to 1,000. */
  const expectEveryMatchSorted = async (search: string, status: string, offset: number) => {
    const matches = await everyMatch(search, status)
    const page = await pageOf(search, status, offset)
    expect(page.rows.map(({ id }) => id)).toEqual(matches.slice(offset, offset + PAGE))
    expect(page.rows.length).toBeGreaterThan(0)
    expect({ total: page.total, totalCapped: page.totalCapped }).toEqual(
      matches.length > 1_000 ? { total: 1_000, totalCapped: true } : { total: matches.length, totalCapped: false },
    )
  }

  it.each([
    // Every place's address: far past the bound, the first page among the newest places.
    ['example', 'all', 0],
    // A page deep enough that the newest 5,000 places do not hold it.
    ['example', 'all', 5_900],
    ['example', 'unconfirmed', 100],
    // A company's domain (a twentieth of the places) and a role, past the bound or not.
    ['umbrella', 'all', 0],
    ['gerente', 'confirmed', 200],
    // A full name (with its space), matched in the welcomes' names only.
    ['Rafael Andrade', 'all', 0],
  ])('finds %s (%s, from %i) in the order of every match sorted, counted up to 1,000', expectEveryMatchSorted)

  it('has cases on both sides of the bound', async () => {
    expect((await everyMatch('example', 'all')).length).toBe(PLACES)
    expect((await everyMatch('Rafael Andrade', 'all')).length).toBeLessThan(1_000)
  })

  // Past 20,000 places read (migrations 20261210100000 and 20261211300000, decisions 0089 and 0092):
  // matches rare among the newest places are sorted all together when they are at most 5,000, and
  // read span after span when more.
  describe('under 21,000 newer places that match none of them', () => {
    beforeAll(async () => {
      await database.db.transaction(async (tx) => {
        // Written as the benchmark's seed writes its rows, without the sign-up's triggers.
        await tx.query('set local session_replication_role = replica')
        // Before the list began: 3,000 places at one company (more than the bound, fewer than 5,000).
        await tx.query(
          `insert into public.waitlist (email, role, created_at, confirmed_at)
           select 'early' || i || '@oldco.test', 'Tester', now() - interval '2 years' + make_interval(secs => i),
                  case when i % 2 = 0 then now() - interval '2 years' end
           from generate_series(1, 3000) as i`,
        )
        await tx.query(
          `insert into public.waitlist (email, role, created_at, confirmed_at)
           select 'newer' || i || '@later.test', 'Tester', now() + make_interval(secs => i), null
           from generate_series(1, 21000) as i`,
        )
      })
    }, 240_000)

    it.each([
      // 3,000 matches, none among the newest 20,000 places: all of them sorted.
      ['oldco', 'all', 0],
      ['oldco', 'all', 2_950],
      ['oldco', 'confirmed', 100],
      // 6,000 matches, none among the newest 21,000: too many to sort, read on past them.
      ['example', 'all', 0],
      ['example', 'unconfirmed', 50],
      // The newer places themselves, a page deep in the third span and one in the fourth.
      ['later.test', 'all', 10_900],
      ['later.test', 'all', 20_900],
    ])('finds %s (%s, from %i) in the order of every match sorted, counted up to 1,000', expectEveryMatchSorted)
  })
})
