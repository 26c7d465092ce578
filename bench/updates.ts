// `npm run bench -- updates` (docs/decisions/0070-updates.md): the whole sending side, on PostgreSQL.
// BENCH_UPDATE_PEOPLE (100,000) confirmed people, each welcomed; the time updates.send takes to freeze
// them all as outbox messages (target ≤ 10 s); then the server as `npm run serve` runs it, in a process
// of its own, sends them through its SMTP sender (composing each from the seed's Update document) to a
// local SMTP sink at UPDATE_RATE BENCH_UPDATE_RATE (500/s): the messages per second the sink accepted
// over every sliding window of WINDOW_SECONDS (target: each within ±5 % of the rate); a sign-up every
// two seconds meanwhile, timed from its request to the sink accepting its welcome (target ≤ 2 s); the
// server's resident memory sampled every second: idle before the send, warm once a quarter of the
// messages are in the sink (the heap grown to what sending at this rate needs: under load V8 lets it
// grow for tens of seconds, as much for 5,000 recipients as for 100,000), its peak and its end (target:
// peak within 64 MiB of warm; anything kept per recipient would grow with the last three quarters); and the CPU
// the server spent per message, its process and its main thread (robust to the machine's load, unlike the rate).
// A short run: BENCH_UPDATE_PEOPLE=10000. BENCH_UPDATE_PROFILE=<folder>: the server writes a CPU profile
// there (`node --cpu-prof`) as it stops.
import { randomUUID } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { openDatabase, type Database } from '../server/db/database.ts'
import { serverSandbox } from '../test/server/server-process.ts'
import { LOAD_SERVER_ENV, signUp, visitor } from '../test/server/visitors.ts'
import { rss } from './process-memory.ts'
import { cpuMs, cpuMsPer } from './process-cpu.ts'
import { percentile } from './stats.ts'

const PEOPLE = Number(process.env.BENCH_UPDATE_PEOPLE ?? 100_000)
const RATE = Number(process.env.BENCH_UPDATE_RATE ?? 500)
const PROFILE_DIR = process.env.BENCH_UPDATE_PROFILE
const CONCURRENCY = 20
/** The window providers count over; the first and last are left out (the send starting and ending). */
const WINDOW_SECONDS = 10
const SIGNUP_EVERY_MS = 2000
const MEMORY_GROWTH_LIMIT = 64 * 1024 * 1024
/** The seed's update (studio/seed/data.ndjson). */
const DOCUMENT = 'update-beta-opens'
const MB = 1024 * 1024

export const UPDATES_HEADER = `Updates: ${PEOPLE.toLocaleString('en')} recipients frozen, then sent by the server's SMTP sender at UPDATE_RATE ${RATE}/s to a local SMTP sink`

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

/**
 * An SMTP server that keeps only when each message arrived and to whom: 100,000 messages kept whole,
 * as the tests' inbox keeps them, would measure the sink's memory instead of the sender's.
 */
async function countingSink() {
  const updates: number[] = []
  const others = new Map<string, number>()
  const waiting = new Map<string, () => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? ''
        const at = performance.now()
        if (/^p\d+@list\.example$/.test(to)) updates.push(at)
        else {
          others.set(to, at)
          waiting.get(to)?.()
        }
        callback()
      })
    },
  })
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    updates,
    /** When a message to `address` arrived (now or later). */
    arrival: (address: string) =>
      new Promise<number>((resolve) => {
        const now = others.get(address)
        if (now !== undefined) return resolve(now)
        waiting.set(address, () => resolve(others.get(address) ?? performance.now()))
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The sink's count of update messages in each window of WINDOW_SECONDS, sliding by a second, the first and last left out. */
function windowRates(arrivals: number[]): number[] {
  const first = arrivals[0] ?? 0
  const last = arrivals.at(-1) ?? 0
  const rates: number[] = []
  let from = 0
  let to = 0
  for (let start = first + 1000; start + WINDOW_SECONDS * 1000 <= last - 1000; start += 1000) {
    while ((arrivals[from] ?? Infinity) < start) from += 1
    while ((arrivals[to] ?? Infinity) < start + WINDOW_SECONDS * 1000) to += 1
    rates.push((to - from) / WINDOW_SECONDS)
  }
  return rates
}

const row = (target: string, value: string, met: boolean) =>
  console.log(`  ${target.padEnd(58)} ${value.padStart(28)}  ${met ? 'ok' : 'MISS'}`)

export async function updatesRun(databaseUrl: string): Promise<boolean> {
  const sink = await countingSink()
  const sandbox = await serverSandbox()
  // The server migrates the database as it starts.
  const server = await sandbox.start({
    ...LOAD_SERVER_ENV,
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    UPDATE_RATE: String(RATE),
    MAIL_CONCURRENCY: String(CONCURRENCY),
    MAIL_SWEEP_SECONDS: '1',
    ...(PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` } : {}),
  })
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    await loadList(db)
    const loadBefore = loadavg()[0] ?? 0
    const memoryAtStart = await rss(server.pid)
    const cpuAtStart = { process: await cpuMs(server.pid), main: await cpuMs(server.pid, { thread: true }) }

    const started = performance.now()
    const { rows } = await db.query<{ answer: { update: { recipients: number } } }>(
      `select updates.send('bench', $1, $2, '{}', null) as answer`,
      [randomUUID(), DOCUMENT],
    )
    const freezeMs = performance.now() - started
    const frozen = rows[0]!.answer.update.recipients

    let sending = true
    const memory: number[] = []
    let warmSample: number | undefined
    const sampling = (async () => {
      while (sending) {
        memory.push(await rss(server.pid))
        if (warmSample === undefined && sink.updates.length >= frozen / 4) warmSample = memory.length - 1
        await sleep(1000)
      }
    })()
    // A sign-up every two seconds while the update goes out: from its request to its welcome in the sink.
    const welcomeWaits: number[] = []
    const signingUp = (async () => {
      for (let n = 0; sending; n++) {
        const email = `fresh-${n}@list.example`
        const requested = performance.now()
        const outcome = await signUp(visitor(server.url, n), { email, name: 'Fresh' })
        if (outcome.insert >= 300 || outcome.welcome >= 300) throw new Error(`a sign-up failed: ${JSON.stringify(outcome)}`)
        welcomeWaits.push((await sink.arrival(email)) - requested)
        await sleep(SIGNUP_EVERY_MS)
      }
    })()
    // Done when the sink has every message: it is counted there, never on the clock.
    while (sink.updates.length < frozen) await sleep(200)
    const cpuPerMessage = {
      process: cpuMsPer(cpuAtStart.process, await cpuMs(server.pid), frozen),
      main: cpuMsPer(cpuAtStart.main, await cpuMs(server.pid, { thread: true }), frozen),
    }
    sending = false
    await Promise.all([sampling, signingUp])
    memory.push(await rss(server.pid))
    const memoryWarm = memory[warmSample ?? memory.length - 1] ?? 0
    const memoryPeak = Math.max(...memory.slice(warmSample))
    const memoryAtEnd = memory.at(-1) ?? 0

    const rates = windowRates(sink.updates)
    const sendSeconds = ((sink.updates.at(-1) ?? 0) - (sink.updates[0] ?? 0)) / 1000
    const slowest = Math.min(...rates)
    const fastest = Math.max(...rates)
    const welcomeMax = Math.max(...welcomeWaits)
    const results = [
      [`${frozen.toLocaleString('en')} recipients frozen (≤ 10 s)`, `${(freezeMs / 1000).toFixed(2)} s`, freezeMs <= 10_000],
      [
        `sent at ${RATE}/s ±5 % over every ${WINDOW_SECONDS} s window (${rates.length})`,
        `${slowest.toFixed(1)}–${fastest.toFixed(1)}/s`,
        rates.length > 0 && slowest >= RATE * 0.95 && fastest <= RATE * 1.05,
      ],
      [`  all of it, first to last in the sink`, `${(frozen / sendSeconds).toFixed(1)}/s in ${sendSeconds.toFixed(0)} s`, true],
      [
        `welcome requested mid-send, in the sink (≤ 2 s; ${welcomeWaits.length})`,
        `p50 ${percentile(welcomeWaits, 0.5).toFixed(0)} ms, max ${welcomeMax.toFixed(0)} ms`,
        welcomeWaits.length > 0 && welcomeMax <= 2000,
      ],
      [
        `server RSS flat (peak ≤ warm + ${MEMORY_GROWTH_LIMIT / MB} MiB)`,
        [memoryAtStart, memoryWarm, memoryPeak, memoryAtEnd].map((bytes) => (bytes / MB).toFixed(0)).join('/') + ' MiB',
        memoryPeak - memoryWarm <= MEMORY_GROWTH_LIMIT,
      ],
    ] as const
    console.log(`  ${'target'.padEnd(58)} ${'value'.padStart(28)}  verdict`)
    for (const [target, value, met] of results) row(target, value, met)
    console.log(
      `  server CPU per message: ${cpuPerMessage.process?.toFixed(2) ?? '–'} ms, ${cpuPerMessage.main?.toFixed(2) ?? '–'} ms of it on its main thread`,
    )
    console.log(
      `  (RSS idle/warm/peak/end; load average ${loadBefore.toFixed(1)}→${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores)`,
    )
    return results.every(([, , met]) => met)
  } finally {
    await db.close()
    process.kill(server.pid, 'SIGTERM')
    await server.exited
    await sink.close()
    await sandbox.remove()
  }
}
