// `npm run bench -- scale [postgres|pglite]`: the Launch tool and the sign-up with a million places on
// PostgreSQL (BENCH_SCALE_PLACES, 1,000,000) and 200,000 on the embedded database (BENCH_SCALE_PLACES_EMBEDDED),
// 25 months of daily analytics and two days of visits at 200,000 visitors a day (bench/scale/seed-scale.ts),
// side by side with an empty database: the server as `npm run serve` runs it, in a process of its own,
// asked over HTTP as the tool asks (on PostgreSQL the sign-ups right after a CHECKPOINT). Each target
// is printed with its measured value and ok or MISS.
// BENCH_SCALE_DATABASE_URL names a PostgreSQL database, BENCH_SCALE_DATA_DIR an embedded database's data
// directory, to seed once and measure again on later runs.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { openDatabase, type Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { launchCookie } from '../test/server/launch-session.ts'
import { serverSandbox, type ServerSandbox } from '../test/server/server-process.ts'
import { LOAD_SERVER_ENV, signUp, visitor } from '../test/server/visitors.ts'
import { seedScale } from './scale/seed-scale.ts'
import { percentile } from './stats.ts'
import { rss } from './process-memory.ts'
import { nodeFlagsOf } from './npm-script-flags.ts'

const ROOT = resolve(import.meta.dirname, '..')
const EDITOR_TOKEN = 'bench-scale-local-editor-token'
/** Sign-ups, ten at a time: the p99 is the 30th slowest, where 600 made it the 6th, which one batch could set alone. */
const SIGNUPS = 3000
const MB = 1024 * 1024
/** The domain of the benchmark's own sign-ups, taken out of a kept database before the next run measures it. */
const SIGNUP_DOMAIN = 'bench.example'

interface Measures {
  list: number
  search: number
  searchFirstName: number
  report: number
  nextWave: number
  toolFirstByteMs: number
  toolRssMb: number
  toolRows: number
  cliFirstByteMs: number
  cliPeakMb: number
  signupP50: number
  signupP99: number
  signupFirstBatchMax: number
}

/** Samples `pid`'s memory every 20 ms while `work` runs; resolves with the work's value and the peak. */
async function withPeakMemory<T>(pid: number, work: Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = await rss(pid)
  let done = false
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, await rss(pid))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const value = await work.finally(() => (done = true))
  await sampling
  return { value, peak }
}

async function timedAll(count: number, ask: (i: number) => Promise<Response>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i += 1) {
    const started = performance.now()
    const response = await ask(i)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  return percentile(times, 0.95)
}

/** The export as a browser downloads it: the time to its first byte, the rows, and the server's memory meanwhile. */
async function toolExport(url: string, cookie: string, pid: number) {
  const before = await rss(pid)
  const started = performance.now()
  const { value, peak } = await withPeakMemory(
    pid,
    (async () => {
      const response = await fetch(`${url}/api/launch/waitlist.csv`, { headers: { cookie, 'x-forwarded-for': '10.77.0.1' } })
      if (!response.ok) throw new Error(`the export answered ${response.status}`)
      const reader = response.body!.getReader()
      let firstByteMs = NaN
      let lines = 0
      for (;;) {
        const { done, value: chunk } = await reader.read()
        if (done) break
        if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started
        for (const byte of chunk) if (byte === 10) lines += 1
      }
      return { firstByteMs, rows: lines - 1 }
    })(),
  )
  return { ...value, rssMb: (peak - before) / MB }
}

/** `npm run waitlist:export` into nothing, with the script's Node flags: the time to its first byte and its peak memory. */
async function cliExport(env: Record<string, string>) {
  const started = performance.now()
  const child = spawn(process.execPath, [...nodeFlagsOf(ROOT, 'waitlist:export'), join(ROOT, 'server/cli/export-waitlist.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let firstByteMs = NaN
  child.stdout.on('data', () => {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<number | null>((done) => child.on('close', done))
  const { value: code, peak } = await withPeakMemory(child.pid!, exited)
  if (code !== 0) throw new Error(`waitlist:export failed: ${errors}`)
  return { firstByteMs, peakMb: peak / MB }
}

/** Address fragments that find a person or a few (a name with its number, part of an address), and full names. */
async function searches(db: Database): Promise<{ specific: string[]; firstNames: string[] }> {
  const { rows } = await db.query<{ email: string; name: string }>(
    `select w.email, e.name from public.waitlist w join public.welcome_emails e on e.waitlist_id = w.id and e.kind = 'welcome'
     order by md5(w.id::text) limit 20`,
  )
  const specific = rows.flatMap(({ email, name }) => [email.split('@')[0]!.slice(0, 12), name])
  const firstNames = [...new Set(rows.map(({ name }) => name.split(' ')[0]!.toLowerCase()))]
  return {
    specific: specific.length > 0 ? specific : ['ana.silva', 'Ana Silva'],
    firstNames: firstNames.length > 0 ? firstNames : ['ana'],
  }
}

type Fragments = Awaited<ReturnType<typeof searches>>

/** Where a run's database is: PostgreSQL at `databaseUrl`, else the embedded one under `dataDir`. */
interface Place {
  databaseUrl?: string
  dataDir: string
}

/** Opens the database, does `work` on it and closes it: the embedded one must be free for the server. */
async function withDb<T>(at: Place, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: at.databaseUrl, dataDir: at.dataDir })
  try {
    return await work(db)
  } finally {
    await db.close()
  }
}

/**
 * Takes the earlier runs' own sign-ups (and their welcomes) out of a kept database, so that each run
 * measures it as seeded: kept, 3,000 a run of places named alike, all the newest, piled up where the
 * list and the searches read first (66,000 made a search of a name 1.7 s). Triggers off, as the seed
 * writes: a removal would be counted. Then a vacuum, so that the list's newest pages hold no dead rows.
 */
async function removeRunSignUps(db: Database) {
  const removed = await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica')
    const domain = `%@${SIGNUP_DOMAIN}`
    await tx.query(
      `delete from public.welcome_emails where waitlist_id in (select id from public.waitlist where email like $1)`,
      [domain],
    )
    const { rows } = await tx.query<{ n: number }>(
      'with gone as (delete from public.waitlist where email like $1 returning 1) select count(*)::int as n from gone',
      [domain],
    )
    return rows[0]!.n
  })
  if (removed > 0) await db.query('vacuum (analyze) public.waitlist, public.welcome_emails')
}

/**
 * A CHECKPOINT before the sign-ups, on both sides: the state a sign-up meets every 5 minutes
 * (`checkpoint_timeout`), where each page's first change is written whole to the WAL (decision 0105).
 * The embedded database does not wait for its disk, so only PostgreSQL gets one.
 */
async function checkpoint(databaseUrl: string) {
  await withDb({ databaseUrl, dataDir: '' }, (db) => db.query('checkpoint')).catch((error: unknown) => {
    throw new Error('the sign-ups are measured after a CHECKPOINT, which this role may not run (superuser or pg_checkpoint)', {
      cause: error,
    })
  })
}

async function measure(sandbox: ServerSandbox, env: Record<string, string>, fragments: Fragments): Promise<Measures> {
  // The embedded database admits one process: the command runs before the server holds it.
  const cli = await cliExport(env)
  const server = await sandbox.start({
    ...LOAD_SERVER_ENV,
    ...env,
    SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
    SANITY_VIEWER_TOKEN: 'bench-scale-viewer-token-0123456789',
    LOG_LEVEL: 'error',
    MAIL_SWEEP_SECONDS: '3600',
  })
  try {
    const cookie = await launchCookie(server.url, EDITOR_TOKEN)
    const tool = (path: string, i: number) =>
      fetch(`${server.url}/api/launch${path}`, { headers: { cookie, 'x-forwarded-for': `10.78.${i >> 8}.${i & 255}` } })
    const statuses = ['all', 'confirmed', 'unconfirmed']
    const list = await timedAll(60, (i) => tool(`/waitlist?status=${statuses[i % 3]}&page=${1 + (i % 5)}`, i))
    const search = await timedAll(fragments.specific.length * 2, (i) =>
      tool(`/waitlist?search=${encodeURIComponent(fragments.specific[i % fragments.specific.length]!)}`, i),
    )
    const searchFirstName = await timedAll(fragments.firstNames.length, (i) =>
      tool(`/waitlist?search=${encodeURIComponent(fragments.firstNames[i]!)}`, i),
    )
    const to = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)
    const report = await timedAll(5, (i) => tool(`/report?from=${from}&to=${to}&source=newsletter`, i))
    const nextWave = await timedAll(10, (i) => tool('/invites/next?count=1000', i))
    const exported = await toolExport(server.url, cookie, server.pid)

    if (env.DATABASE_URL) await checkpoint(env.DATABASE_URL)
    const times: number[] = []
    for (let i = 0; i < SIGNUPS; i += 10) {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          signUp(visitor(server.url, 900_000 + i + k), { email: `scale-${i + k}-${Date.now()}@${SIGNUP_DOMAIN}`, name: 'Bench' }),
        ),
      )
      for (const outcome of outcomes) if (outcome.insert === 201) times.push(outcome.insertMs)
    }
    return {
      list,
      search,
      searchFirstName,
      report,
      nextWave,
      toolFirstByteMs: exported.firstByteMs,
      toolRssMb: exported.rssMb,
      toolRows: exported.rows,
      cliFirstByteMs: cli.firstByteMs,
      cliPeakMb: cli.peakMb,
      signupP50: percentile(times, 0.5),
      signupP99: percentile(times, 0.99),
      signupFirstBatchMax: Math.max(...times.slice(0, 10)),
    }
  } finally {
    process.kill(server.pid, 'SIGTERM')
    await server.exited
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`
const mb = (value: number) => `${value.toFixed(1)} MB`

function printTable(label: string, places: number, empty: Measures, full: Measures) {
  const rows: [string, string, string, boolean | undefined][] = [
    ['list, p95 ≤ 100 ms', ms(empty.list), ms(full.list), full.list <= 100],
    ['search, address or full name, p95 ≤ 100 ms', ms(empty.search), ms(full.search), full.search <= 100],
    [
      'search, a first name alone (2.5 % of places), p95 ≤ 100 ms',
      ms(empty.searchFirstName),
      ms(full.searchFirstName),
      full.searchFirstName <= 100,
    ],
    ['report, 90 days, source filter, p95 ≤ 300 ms', ms(empty.report), ms(full.report), full.report <= 300],
    ['next 1,000 of a wave, p95 ≤ 200 ms', ms(empty.nextWave), ms(full.nextWave), full.nextWave <= 200],
    ['CSV from the tool, first byte ≤ 1 s', ms(empty.toolFirstByteMs), ms(full.toolFirstByteMs), full.toolFirstByteMs <= 1000],
    ['CSV from the tool, server memory up ≤ 50 MB', mb(empty.toolRssMb), mb(full.toolRssMb), full.toolRssMb <= 50],
    ['CSV from the tool, rows', String(empty.toolRows), full.toolRows.toLocaleString('en'), undefined],
    ['npm run waitlist:export, first byte ≤ 1 s', ms(empty.cliFirstByteMs), ms(full.cliFirstByteMs), full.cliFirstByteMs <= 1000],
    [
      'npm run waitlist:export, peak memory ≤ empty + 50 MB',
      mb(empty.cliPeakMb),
      mb(full.cliPeakMb),
      full.cliPeakMb <= empty.cliPeakMb + 50,
    ],
    ['sign-up insert, p50', ms(empty.signupP50), ms(full.signupP50), undefined],
    ['sign-up insert, the slowest of the first ten', ms(empty.signupFirstBatchMax), ms(full.signupFirstBatchMax), undefined],
    [
      'sign-up insert, p99 unchanged (within 25 % or 10 ms)',
      ms(empty.signupP99),
      ms(full.signupP99),
      full.signupP99 <= Math.max(empty.signupP99 * 1.25, empty.signupP99 + 10),
    ],
  ]
  console.log(`\n${label}: ${places.toLocaleString('en')} places against an empty database`)
  console.log(`  ${'target'.padEnd(60)} ${'empty'.padStart(10)} ${'seeded'.padStart(10)}  verdict`)
  for (const [target, before, after, met] of rows) {
    console.log(
      `  ${target.padEnd(60)} ${before.padStart(10)} ${after.padStart(10)}  ${met === undefined ? '' : met ? 'ok' : 'MISS'}`,
    )
  }
}

/**
 * Measures an empty database, seeds it, measures it again. With `kept` (BENCH_SCALE_DATABASE_URL, or
 * BENCH_SCALE_DATA_DIR for the embedded database) the seeded side is that database instead, seeded only
 * while it has no places and kept afterwards, so a second run measures without loading again.
 */
async function backendRun(label: string, places: number, databaseUrl: string | undefined, kept?: Partial<Place>) {
  const sandbox = await serverSandbox()
  const envOf = (at: Place): Record<string, string> =>
    at.databaseUrl ? { DATABASE_URL: at.databaseUrl } : { DATA_DIR: at.dataDir }
  const migrated = (at: Place) => withDb(at, (db) => migrate(db, resolve(ROOT, 'supabase/migrations')))
  const empty: Place = { databaseUrl, dataDir: sandbox.dataDir }
  try {
    await migrated(empty)
    const emptyMeasures = await measure(sandbox, envOf(empty), await withDb(empty, searches))
    const seeded = kept ? { databaseUrl: kept.databaseUrl, dataDir: kept.dataDir ?? sandbox.dataDir } : empty
    if (kept) {
      await migrated(seeded)
      await withDb(seeded, removeRunSignUps)
    }
    const existing = await withDb(
      seeded,
      async (db) => (await db.query<{ n: number }>('select count(*)::int as n from public.waitlist')).rows[0]?.n ?? 0,
    )
    if (kept && existing > 0) {
      console.log(`  ${label}: measuring the kept database's ${existing.toLocaleString('en')} places as they are`)
    } else {
      const seeding = performance.now()
      const counts = await withDb(seeded, (db) => seedScale(db, { places, visitorsPerDay: 200_000, days: 760 }))
      console.log(`  ${label} seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`)
    }
    const full = await measure(sandbox, envOf(seeded), await withDb(seeded, searches))
    printTable(label, kept && existing > 0 ? existing : places, emptyMeasures, full)
  } finally {
    await sandbox.remove()
  }
}

export async function scaleRun(backend: string | undefined, withDatabase: <T>(run: (url: string) => Promise<T>) => Promise<T>) {
  console.log('A million sign-ups: the Launch tool and a sign-up, empty against seeded (docs/benchmarks.md "A million sign-ups")')
  if (backend !== 'pglite') {
    const places = Number(process.env.BENCH_SCALE_PLACES ?? 1_000_000)
    const kept = process.env.BENCH_SCALE_DATABASE_URL
    await withDatabase((url) => backendRun('PostgreSQL', places, url, kept ? { databaseUrl: kept } : undefined))
  }
  if (backend !== 'postgres') {
    const places = Number(process.env.BENCH_SCALE_PLACES_EMBEDDED ?? 200_000)
    const kept = process.env.BENCH_SCALE_DATA_DIR
    await backendRun('Embedded (PGlite)', places, undefined, kept ? { dataDir: resolve(kept) } : undefined)
  }
}
