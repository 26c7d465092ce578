// `npm run bench -- places`: how long a person's place in line takes to find (docs/product.md §13.3,
// target p95 < 20 ms) with 100,000 people waiting on PostgreSQL. The line is loaded as a launch
// makes it: most people over a month, a burst of sign-ups within one hour, 2,000 referrers with 1
// to 20 credited referrals each. Then BENCH_PLACE_LOOKUPS lookups of random people, one at a time on
// a warm connection, as a status page or a place email asks: the place alone (referrals.place_of)
// and everything a status page shows (referrals.standing). The fast lookup is checked against the
// full ranking (what the waves take) for a sample before anything is timed.
import { resolve } from 'node:path'
import { openDatabase, type Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { percentile } from './stats.ts'

const WAITING = Number(process.env.BENCH_PLACE_WAITING ?? 100_000)
const LOOKUPS = Number(process.env.BENCH_PLACE_LOOKUPS ?? 1000)
const REFERRERS = 2000
const BURST = Math.round(WAITING / 5)
const TARGET_P95_MS = 20

/** The line, loaded in bulk: the waitlist rows without their triggers, then the referral rows with theirs (the counts). */
async function loadLine(db: Database) {
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`)
    await tx.query(
      `insert into public.waitlist (email, role, created_at, confirmed_at)
       select 'p' || i || '@line.example', 'Lead',
              case when i % 5 = 0 then timestamptz '2026-11-01 12:00:00+00' + make_interval(secs => (i / 5) * 3600.0 / $2)
                   else timestamptz '2026-10-15 00:00:00+00' + make_interval(secs => i * 2592000.0 / $1) end,
              now()
       from generate_series(1, $1::int) as i`,
      [WAITING, BURST],
    )
  })
  await db.query(
    // Codes unique by construction (hexadecimal digits are in the codes' alphabet): random ones would meet at this count.
    `insert into referrals.people (waitlist_id, code, joined_at, waiting)
     select id, lpad(to_hex(row_number() over ()), 8, '0'), created_at, true from public.waitlist`,
  )
  // Each referrer's credits are referrals of other people in the line, credited.
  await db.query(
    `with referrers as (
       select id, row_number() over () as n, 1 + (abs(hashtext(id::text)) % 20) as credits
       from (select id from public.waitlist order by md5(id::text) limit $1) as r
     ), slots as (
       select referrers.id as referrer, row_number() over () as k from referrers, generate_series(1, referrers.credits)
     ), referred as (
       select id, row_number() over () as k from (select id from public.waitlist order by md5(id::text) desc limit 40000) as f
     )
     insert into referrals.referrals (referred_id, referrer_id, status, decided_at)
     select referred.id, slots.referrer, 'credited', now() from slots join referred using (k)
     where referred.id <> slots.referrer`,
    [REFERRERS],
  )
  await db.query('vacuum analyze')
}

const milliseconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6

async function timed(db: Database, statement: string, ids: string[]) {
  for (const id of ids.slice(0, 50)) await db.query(statement, [id])
  const times: number[] = []
  for (const id of ids) {
    const started = process.hrtime.bigint()
    await db.query(statement, [id])
    times.push(milliseconds(started))
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99) }
}

export const PLACES_HEADER = `Place in line with ${WAITING.toLocaleString('en')} waiting, ${REFERRERS} referrers credited, ${LOOKUPS} lookups (ms; target p95 < ${TARGET_P95_MS})`

/** Loads the line into an empty database at `databaseUrl`, then times the lookups; answers whether the target held. */
export async function placesRun(databaseUrl: string): Promise<boolean> {
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    await migrate(db, resolve(import.meta.dirname, '../supabase/migrations'))
    const loading = process.hrtime.bigint()
    await loadLine(db)
    const { rows: counts } = await db.query<{ waiting: string; boosted: string; distinct_credits: string }>(
      `select (select sum(waiting) from referrals.waiting_hours) as waiting, (select count(*) from referrals.boosted) as boosted,
              (select count(distinct credited) from referrals.boosted) as distinct_credits`,
    )
    console.log(`  line loaded in ${(milliseconds(loading) / 1000).toFixed(0)} s: ${JSON.stringify(counts[0])}`)

    const { rows: sample } = await db.query<{ fast: string; ranked: string }>(
      `with ranked as materialized (select * from referrals.ranking(1000000))
       select referrals.place_of(waitlist_id) as fast, place as ranked
       from ranked where waitlist_id in (select waitlist_id from referrals.people order by random() limit 100)
          or waitlist_id in (select waitlist_id from referrals.boosted order by random() limit 100)`,
    )
    const wrong = sample.filter((row) => row.fast !== row.ranked).length
    console.log(`  fast lookup against the full ranking: ${sample.length - wrong} of ${sample.length} agree`)

    const { rows } = await db.query<{ id: string }>(
      `select waitlist_id as id from referrals.people where waiting order by random() limit $1`,
      [LOOKUPS],
    )
    const ids = rows.map((row) => row.id)
    const place = await timed(db, 'select referrals.place_of($1)', ids)
    const standing = await timed(db, 'select referrals.standing($1)', ids)
    const row = (label: string, { p50, p95, p99 }: { p50: number; p95: number; p99: number }) =>
      console.log(`  ${label.padEnd(34)} p50 ${p50.toFixed(2)}  p95 ${p95.toFixed(2)}  p99 ${p99.toFixed(2)}`)
    row('place (referrals.place_of)', place)
    row('status page (referrals.standing)', standing)
    const met = wrong === 0 && place.p95 < TARGET_P95_MS
    console.log(`  ${met ? 'target met' : 'TARGET MISSED'}`)
    return met
  } finally {
    await db.close()
  }
}
