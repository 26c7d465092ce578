// `npm run bench -- insert`: the database time of one sign-up's insert alone, with every trigger it
// fires (docs/decisions/0054-helpers-planned-once.md), on PostgreSQL: BENCH_INSERTS (3,000) inserts
// one after another on a warm connection, each in a transaction of its own, as the public role with the
// request's headers, as the server sends a visitor's. Commit waits are left out (synchronous_commit off): the figure is the
// work, not the disk. Beside it, the WAL each insert writes (what the commit then waits for in a burst,
// docs/decisions/0055-referral-rows-after-the-signup.md), from the server's WAL position before and after.
// With BENCH_INSERT_EXPOSED=1 every visitor was first shown a copy experiment, so each insert also finds
// its exposure and counts a conversion (docs/decisions/0064-experiment-visitors-per-client.md); without
// it, as on a day no experiment runs.
import { resolve } from 'node:path'
import { openDatabase, type Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { clientAsTheDatabaseNamesIt } from '../server/http/client-address.ts'
import { sqlExperimentCounts } from '../server/experiments/experiment-counts.ts'
import { experimentVisitor } from '../server/experiments/experiment-visitor.ts'
import { randomSalt, utcDay } from '../supabase/functions/_shared/analytics/visitor-id.ts'
import { percentile } from './stats.ts'

const INSERTS = Number(process.env.BENCH_INSERTS ?? 3000)
const EXPOSED = process.env['BENCH_INSERT_EXPOSED'] === '1'
const WARM_UP = 200

export const INSERT_HEADER = `One sign-up's insert with its triggers, ${INSERTS.toLocaleString('en')} one at a time (ms)${EXPOSED ? ', each visitor shown an experiment' : ''}`

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

/** A visitor's headers as the site server hands them over (server/supabase/gateway.ts), one address each. */
const headersOf = (n: number) =>
  JSON.stringify({
    'x-forwarded-for': addressOf(n),
    'user-agent': USER_AGENT,
    accept: '*/*',
    'content-type': 'application/json',
    prefer: 'return=minimal',
  })

/** Each of the `visitors` first visitors shown an arm of a running experiment today, as the site server records it. */
async function exposeVisitors(db: Database, visitors: number) {
  const today = utcDay(new Date())
  await db.query(`insert into analytics.salts (day, salt) values ($1, decode($2, 'hex')) on conflict (day) do nothing`, [
    today,
    randomSalt(),
  ])
  const { rows } = await db.query<{ salt: string }>(`select encode(salt, 'hex') as salt from analytics.salts where day = $1`, [
    today,
  ])
  const salt = rows[0]!.salt
  const exposures = Array.from({ length: visitors }, (_, n) => ({
    day: today,
    ...experimentVisitor(salt, clientAsTheDatabaseNamesIt(addressOf(n)), USER_AGENT),
    experiment_id: 'experiment-bench',
    arm: n % 2 ? 'b' : 'default',
  }))
  for (let i = 0; i < exposures.length; i += 1000) await sqlExperimentCounts(db).countExposures(exposures.slice(i, i + 1000), [])
}

/** Migrates an empty database at `databaseUrl`, then times the inserts and prints their p50/p95/mean. */
export async function insertRun(databaseUrl: string): Promise<void> {
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    await migrate(db, resolve(import.meta.dirname, '../supabase/migrations'))
    if (EXPOSED) await exposeVisitors(db, WARM_UP + INSERTS)
    const times: number[] = []
    const walPosition = async () =>
      (await db.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]!.lsn
    let walBefore = ''
    for (let n = 0; n < WARM_UP + INSERTS; n++) {
      if (n === WARM_UP) walBefore = await walPosition()
      const started = process.hrtime.bigint()
      await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('synchronous_commit', 'off', true), set_config('role', 'anon', true),
                  set_config('request.method', 'POST', true), set_config('request.path', '/waitlist', true),
                  set_config('request.headers', $1, true)`,
          [headersOf(n)],
        )
        await tx.query(
          `insert into public.waitlist (email, role, signup_locale, signup_device) values ($1, 'Head of People', 'pt', 'desktop')`,
          [`pessoa-${n}@empresa.com`],
        )
      })
      if (n >= WARM_UP) times.push(Number(process.hrtime.bigint() - started) / 1e6)
    }
    const { rows: wal } = await db.query<{ bytes: string }>('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as bytes', [
      await walPosition(),
      walBefore,
    ])
    // Every insert kept, each with where it came from (and its arm, when shown one): a refused row would
    // have fired nothing and timed nothing.
    const { rows } = await db.query<{ places: number; seen: number; armed: number }>(
      'select count(*)::int as places, count(signup_seen)::int as seen, count(experiment_arms)::int as armed from public.waitlist',
    )
    const expected = { places: WARM_UP + INSERTS, seen: WARM_UP + INSERTS, armed: EXPOSED ? WARM_UP + INSERTS : 0 }
    if (JSON.stringify(rows[0]) !== JSON.stringify(expected))
      throw new Error(
        `expected ${JSON.stringify(expected)} (places, their sign-up's hashes, their arms), found ${JSON.stringify(rows[0])}`,
      )
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length
    console.log(
      `  PostgreSQL   p50 ${percentile(times, 0.5).toFixed(2)}  p95 ${percentile(times, 0.95).toFixed(2)}  mean ${mean.toFixed(2)}  ` +
        `WAL ${Math.round(Number(wal[0]!.bytes) / INSERTS)} bytes per insert`,
    )
  } finally {
    await db.close()
  }
}
