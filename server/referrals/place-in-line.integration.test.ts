// The place in line, on both databases: the fast lookup (referrals.place_of, from the counts per hour
// and minute) gives every waiting person the place the full ranking gives them (referrals.ranking,
// the order the waves take), on random lines: people joining in bursts within one minute and one
// hour, some invited, random credits, and N from 0 up. Then the line's counts against the people.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

interface Person {
  /** Seconds after the line's start: clustered, so that many share an hour and a minute. */
  joinedAt: number
  credits: number
  invited: boolean
}

const person = fc.record({
  joinedAt: fc.oneof(
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 3 * 3600 }),
    fc.integer({ min: 0, max: 40 * 3600 }),
  ),
  credits: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 6 })),
  invited: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
})

describe.each(databaseKinds)('the place in line on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  }, 60_000)
  afterAll(() => database?.close())

  const query = async <T>(text: string, params: unknown[] = []) => (await database.db.query<T>(text, params)).rows

  /** A line of these people (each credit a confirmed referral of someone not in line), then every place both ways. */
  async function placesOf(people: Person[], perReferral: number) {
    await query('delete from public.waitlist')
    await query('update referrals.settings set places_per_referral = $1', [perReferral])
    const { rows: ids } = await database.db.query<{ id: string }>(
      `insert into public.waitlist (email, role, created_at, confirmed_at)
       select 'p' || i || '@line.example', 'Lead', timestamptz '2026-11-20 10:00:00+00' + make_interval(secs => t), now()
       from unnest($1::int[]) with ordinality as joined(t, i)
       returning id`,
      [people.map((one) => one.joinedAt)],
    )
    const credits = people.flatMap((one, i) => Array.from({ length: one.credits }, () => ids[i]!.id))
    if (credits.length > 0) {
      await query(
        `with referred as (
           insert into public.waitlist (email, role) select 'friend-' || i || '@friends.example', 'Lead' from generate_series(1, $2::int) as i
           returning id, split_part(split_part(email, '@', 1), '-', 2)::int as n
         )
         insert into referrals.referrals (referred_id, referrer_id, status, decided_at)
         select referred.id, ($1::uuid[])[referred.n], 'credited', now() from referred`,
        [credits, credits.length],
      )
    }
    const invited = ids.filter((_, i) => people[i]!.invited).map((row) => row.id)
    if (invited.length > 0) {
      const wave = crypto.randomUUID()
      await query(`insert into invites.waves (id, requested, created_by) values ($1, 1, 'test')`, [wave])
      await query(
        `insert into invites.invitations (waitlist_id, wave_id, code) select id, $2, replace(gen_random_uuid()::text, '-', '') from unnest($1::uuid[]) as id`,
        [invited, wave],
      )
    }
    return query<{ id: string; fast: string | null; ranked: string | null }>(
      `select w.id, referrals.place_of(w.id) as fast, ranked.place as ranked
       from public.waitlist as w left join referrals.ranking(100000) as ranked on ranked.waitlist_id = w.id
       where w.email like '%@line.example'`,
    )
  }

  it('finds every waiting person where the full ranking puts them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 1, maxLength: 60 }),
        fc.constantFrom(0, 1, 3, 10, 1000),
        async (people, n) => {
          const places = await placesOf(people, n)
          for (const place of places) expect(place.fast, `${place.id} with N = ${n}`).toBe(place.ranked)
          expect(places.filter((place) => place.fast === null)).toHaveLength(people.filter((one) => one.invited).length)
        },
      ),
      { numRuns: 25 },
    )
  }, 300_000)

  it('keeps the counts per hour and minute equal to the people waiting, through confirmations, invitations and removals', async () => {
    await placesOf(
      Array.from({ length: 30 }, (_, i) => ({ joinedAt: i * 97, credits: i % 5 === 0 ? 2 : 0, invited: i % 7 === 0 })),
      10,
    )
    await query(`delete from public.waitlist where email in ('p3@line.example', 'p8@line.example')`)
    const [counts] = await query<{ hours: string; minutes: string; people: string; boosted: string; credited: string }>(
      `select (select sum(waiting) from referrals.waiting_hours) as hours,
              (select sum(waiting) from referrals.waiting_minutes) as minutes,
              (select count(*) from referrals.people where waiting) as people,
              (select count(*) from referrals.boosted) as boosted,
              (select count(*) from referrals.people where waiting and credited > 0) as credited`,
    )
    expect(counts!.hours).toBe(counts!.people)
    expect(counts!.minutes).toBe(counts!.people)
    expect(counts!.boosted).toBe(counts!.credited)
  })
})
