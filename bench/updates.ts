// `npm run bench -- updates`, the database's part (docs/decisions/0070-updates.md), on PostgreSQL:
// BENCH_UPDATE_PEOPLE (100,000) confirmed people, each welcomed; the time updates.send takes to freeze
// them all as outbox messages (target ≤ 10 s); then the outbox drained through the claim every sender
// makes, by BENCH_UPDATE_SENDERS senders recording each batch as sent at once, at UPDATE_RATE
// BENCH_UPDATE_RATE for BENCH_UPDATE_SECONDS: the messages per second claimed over the run (target
// within ±5 % of the rate) and, for a welcome queued every second meanwhile, how long until a sender
// claims it (target ≤ 2 s). What the SMTP path adds (composing, sending) is the sender's, measured
// with it once it composes updates.
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { openDatabase, type Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { createWelcomeStore } from '../supabase/functions/_shared/welcome/welcome-store.ts'
import { percentile } from './stats.ts'

const PEOPLE = Number(process.env.BENCH_UPDATE_PEOPLE ?? 100_000)
const RATE = Number(process.env.BENCH_UPDATE_RATE ?? 50)
const SECONDS = Number(process.env.BENCH_UPDATE_SECONDS ?? 20)
const SENDERS = Number(process.env.BENCH_UPDATE_SENDERS ?? 2)
const BATCH = 20

export const UPDATES_HEADER = `Updates: ${PEOPLE.toLocaleString('en')} recipients frozen; claimed by ${SENDERS} senders at UPDATE_RATE ${RATE}/s for ${SECONDS} s`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The list, loaded in bulk without the waitlist's triggers: confirmed people, each with their welcome sent. */
async function loadList(db: Database) {
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`)
    await tx.query(
      `insert into public.waitlist (email, role, created_at, confirmed_at, consent_locale, signup_locale, utm_source)
       select 'p' || i || '@list.example', 'Lead', now() - make_interval(secs => i), now(),
              case when i % 3 = 0 then 'en' else 'pt' end, 'pt', case when i % 4 = 0 then 'newsletter' end
       from generate_series(1, $1::int) as i`,
      [PEOPLE],
    )
    await tx.query(
      `insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select id, email, 'Reader', consent_locale, 'sent', now() from public.waitlist`,
    )
  })
  await db.query('analyze')
}

/** One sender: claims and records as sent at once, until `until`; answers the update messages it claimed. */
async function sender(db: Database, until: number, welcomesClaimed: (ids: number[]) => void): Promise<number> {
  const store = createWelcomeStore(db)
  const policy = { leaseSeconds: 30, perSecond: null, updatePerSecond: RATE }
  let updates = 0
  while (performance.now() < until) {
    const claim = await store.claimDue(BATCH, policy)
    const kinds = claim.welcomes
    if (kinds.length > 0) await store.markSent(kinds.map((mail) => mail.id))
    welcomesClaimed(kinds.filter((mail) => mail.kind === 'welcome').map((mail) => mail.id))
    updates += kinds.filter((mail) => mail.kind !== 'welcome').length
    // As the sweeper waits: for the window's room, or a little while with nothing due.
    if (claim.claimAgainIn !== 0) await sleep(Math.min((claim.claimAgainIn ?? 0.05) * 1000, 250))
  }
  return updates
}

export async function updatesRun(databaseUrl: string): Promise<boolean> {
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    await migrate(db, resolve('supabase/migrations'))
    await loadList(db)

    const started = performance.now()
    const { rows } = await db.query<{ answer: { update: { recipients: number } } }>(
      `select updates.send('bench', $1, 'update-bench', '{}', null) as answer`,
      [randomUUID()],
    )
    const freezeMs = performance.now() - started
    const frozen = rows[0]!.answer.update.recipients

    // Welcomes queued one a second while the update goes out: when each was queued, by its id.
    const queuedAt = new Map<number, number>()
    const waits: number[] = []
    const onClaimed = (ids: number[]) => {
      for (const id of ids) waits.push(performance.now() - (queuedAt.get(id) ?? performance.now()))
    }
    const sendStart = performance.now()
    const until = sendStart + SECONDS * 1000
    const queueing = (async () => {
      for (let n = 0; performance.now() < until - 2000; n++) {
        const place = await db.query<{ id: string }>(
          `insert into public.waitlist (email, role, confirmed_at) values ($1, 'Lead', now()) returning id`,
          [`fresh-${n}@list.example`],
        )
        const welcome = await db.query<{ id: number }>(
          `insert into public.welcome_emails (waitlist_id, email, name, locale) values ($1, $2, 'Fresh', 'pt') returning id`,
          [place.rows[0]!.id, `fresh-${n}@list.example`],
        )
        queuedAt.set(Number(welcome.rows[0]!.id), performance.now())
        await sleep(1000)
      }
    })()
    const claimed = await Promise.all(Array.from({ length: SENDERS }, () => sender(db, until, onClaimed)))
    await queueing
    const sendSeconds = (performance.now() - sendStart) / 1000
    const perSecond = claimed.reduce((a, b) => a + b, 0) / sendSeconds

    const freezeOk = freezeMs <= 10_000
    const rateOk = Math.abs(perSecond - RATE) <= RATE * 0.05
    const welcomeOk = waits.length > 0 && Math.max(...waits) <= 2000
    console.log(
      `  frozen ${frozen.toLocaleString('en')} in ${(freezeMs / 1000).toFixed(2)} s ${freezeOk ? '(≤ 10 s)' : '(OVER 10 s)'}`,
    )
    console.log(`  claimed ${perSecond.toFixed(1)}/s against ${RATE}/s ${rateOk ? '(within ±5 %)' : '(OUTSIDE ±5 %)'}`)
    console.log(
      `  ${waits.length} welcomes queued meanwhile, claimed after p50 ${percentile(waits, 0.5).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms ${welcomeOk ? '(≤ 2 s)' : '(OVER 2 s)'}`,
    )
    return freezeOk && rateOk && welcomeOk
  } finally {
    await db.close()
  }
}
