// `npm run bench`: page weight of the first paint, what one prerender of / costs, how fast a content edit reaches an open page,
// sign-up throughput (50 concurrent clients through both supabase-js calls) on PGlite and on
// PostgreSQL (TEST_DATABASE_URL's server, or an embedded one), and page views counted per second
// on PostgreSQL (bench/views.ts), the place in line found with 100,000 waiting (bench/places.ts), and
// the database time of one sign-up's insert (bench/insert-cost.ts), and an update frozen for 100,000
// people and claimed at its rate beside welcomes (bench/updates.ts).
import { get as httpGet } from 'node:http'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createClient as createSanityClient } from '@sanity/client'
import { filter, firstValueFrom } from 'rxjs'
import { startEmbeddedPostgres } from '../test/database/embedded-postgres.ts'
import { startSmtpInbox } from '../test/mail/smtp-inbox.ts'
import { createThrowawayDatabase } from '../test/database/throwaway-postgres.ts'
import { createClient } from '@supabase/supabase-js'
import { LOAD_SERVER_ENV, LOCAL_ANON_KEY, signUp, visitorAddress } from '../test/server/visitors.ts'
import { startProductServer } from '../test/server/test-server.ts'
import { cpuMs, cpuMsPer } from './process-cpu.ts'
import { percentile } from './stats.ts'
import { serverSandbox } from '../test/server/server-process.ts'
import { printViewsRow, VIEWS_HEADER, viewsRun } from './views.ts'
import { PLACES_HEADER, placesRun } from './places.ts'
import { INSERT_HEADER, insertRun } from './insert-cost.ts'
import { UPDATES_HEADER, updatesRun } from './updates.ts'
import { scaleRun } from './scale.ts'
import { RENDER_HEADER, renderRun } from './render.ts'

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 1000)
const CONCURRENCY = 50
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_SECONDS ?? 60) * 1000
/** Sign-ups before the measured burst, so the server is measured warm, as it is after running a while. */
const WARM_UP = 100
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** The body's bytes as they travel to a browser that takes Brotli (fetch would decompress them). */
function brotliBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
    }).on('error', reject)
  })
}

async function pageWeight() {
  const server = await startProductServer({})
  try {
    const html = await (await fetch(`${server.url}/`)).text()
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|import\("([^"]+\.js)"\)/g)].map((m) => m[1] ?? m[2] ?? '')
    const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '')
    const sent = (path: string) => brotliBodyBytes(`${server.url}${path}`)
    const htmlBytes = await sent('/')
    const jsBytes = (await Promise.all(scripts.map(sent))).reduce((a, b) => a + b, 0)
    const cssBytes = (await Promise.all(css.map(sent))).reduce((a, b) => a + b, 0)
    console.log('Page weight (as sent with Brotli):')
    console.log(`  HTML of /              ${kb(htmlBytes)} (${kb(html.length)} raw, styles and content inline)`)
    console.log(`  JS after first paint   ${kb(jsBytes)} in ${scripts.length} file(s)`)
    console.log(`  external CSS           ${kb(cssBytes)}`)
  } finally {
    await server.close()
  }
}

const LIVE_EDITS = 20

/** From saving the seed to an open page's client holding the new text: live event, then refetch. */
async function liveEditLatency() {
  const seedDir = await mkdtemp(join(tmpdir(), 'pulso-bench-seed-'))
  await cp(resolve('studio/seed'), seedDir, { recursive: true })
  // The benchmark's query is not one of the site's: it needs the viewer token.
  const viewerToken = 'bench-viewer-token-of-some-length'
  const server = await startProductServer({ SEED_DIR: seedDir, SANITY_VIEWER_TOKEN: viewerToken })
  const client = createSanityClient({
    token: viewerToken,
    projectId: 'local',
    dataset: 'production',
    apiVersion: '2025-02-19',
    useCdn: false,
    apiHost: server.url,
    useProjectHostname: false,
  })
  const seedFile = join(seedDir, 'data.ndjson')
  const original = await readFile(seedFile, 'utf8')
  const events = client.live.events()
  const subscription = events.subscribe()
  await firstValueFrom(events)
  const toEvent: number[] = []
  const toContent: number[] = []
  try {
    for (let edit = 1; edit <= LIVE_EDITS; edit++) {
      const headline = `Edited headline ${edit}`
      const message = firstValueFrom(events.pipe(filter((event) => event.type === 'message')))
      const started = performance.now()
      await writeFile(seedFile, original.replace(/("_id":"hero".*?"headline":\{[^}]*"en":")[^"]*/, `$1${headline}`))
      const { id } = await message
      toEvent.push(performance.now() - started)
      const shown = await client.fetch<string>('*[_id == "hero"][0].headline.default.en', {}, { lastLiveEventId: id })
      if (shown !== headline) throw new Error(`the refetch returned "${shown}", not "${headline}"`)
      toContent.push(performance.now() - started)
    }
  } finally {
    subscription.unsubscribe()
    await server.close()
    await rm(seedDir, { recursive: true, force: true })
  }
  const ms = (values: number[], q: number) =>
    `${[...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1]?.toFixed(0)} ms`
  console.log(`Content edit to an open page (local seed, ${LIVE_EDITS} edits; includes the 100 ms settle):`)
  console.log(`  live event   median ${ms(toEvent, 0.5)}, p95 ${ms(toEvent, 0.95)}`)
  console.log(`  new content  median ${ms(toContent, 0.5)}, p95 ${ms(toContent, 0.95)}`)
}

interface SignupRun {
  perSecond: number
  insert: { p50: number; p99: number }
  welcome: { p50: number; p99: number }
  failed: number
  /** From the last sign-up's answer to the last welcome in the sink; undefined when some never came. */
  drainMs: number | undefined
  delivered: number
  duplicates: number
  /**
   * The server process's CPU time per sign-up, from the burst's start to its last welcome (Linux);
   * steadier than the rates on a shared machine.
   */
  serverCpuMs: number | undefined
  load: string
}

/**
 * `node server/main.ts` as `npm run serve` starts it, on its defaults (logging included) but for
 * the given variables, in a process of its own so the clients do not share its event loop.
 */
async function startServerProcess(env: Record<string, string>) {
  const sandbox = await serverSandbox()
  const server = await sandbox.start({ LOG_LEVEL: 'info', ...env })
  return {
    url: server.url,
    pid: server.pid,
    async stop() {
      process.kill(server.pid, 'SIGTERM')
      await server.exited
      await sandbox.remove()
    },
  }
}

/**
 * SIGNUPS visitors through both supabase-js calls from 50 concurrent clients, the server on its
 * defaults with an SMTP sink, after a warm-up; then the wait for the burst's last welcome (at most
 * DRAIN_TIMEOUT_MS).
 */
async function signupRun(env: Record<string, string>): Promise<SignupRun> {
  const sink = await startSmtpInbox()
  const server = await startServerProcess({ ...LOAD_SERVER_ENV, SMTP_URL: sink.url, ...env })

  /** `count` visitors from 50 clients, each through both calls; the emails are `${tag}-n@empresa.com`. */
  async function burst(tag: string, count: number) {
    const insertMs: number[] = []
    const welcomeMs: number[] = []
    let next = 0
    let failed = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        // One supabase-js client per concurrent client, reused as a load generator reuses its
        // connections (a client for each visitor cost this machine's CPU beside the server's).
        const supabase = createClient(server.url, LOCAL_ANON_KEY, { auth: { persistSession: false } })
        while (next < count) {
          const n = next++
          // Each sign-up a person of their own, from an address of their own, as on a launch day.
          const from = visitorAddress(tag === 'bench' ? WARM_UP + n : n)
          const outcome = await signUp(supabase, { email: `${tag}-${n}@empresa.com`, name: `Pessoa ${n}`, from })
          insertMs.push(outcome.insertMs)
          welcomeMs.push(outcome.welcomeMs)
          if (outcome.insert !== 201 || outcome.welcome !== 202) failed += 1
        }
      }),
    )
    return { insertMs, welcomeMs, failed }
  }

  // A server that has been up a while: compiled code warm, database connections open, warm-up welcomes out.
  const warm = await burst('warm-up', WARM_UP)
  await sink.waitForTotal(WARM_UP - warm.failed, DRAIN_TIMEOUT_MS).catch(() => undefined)
  const before = sink.messages.length

  const loadBefore = loadavg()[0] ?? 0
  const cpuBefore = await cpuMs(server.pid)
  const started = performance.now()
  const { insertMs, welcomeMs, failed } = await burst('bench', SIGNUPS)
  const lastSignup = performance.now()
  const drained = await sink.waitForTotal(before + SIGNUPS - failed, DRAIN_TIMEOUT_MS).then(
    () => true,
    () => false,
  )
  const cpuAfter = await cpuMs(server.pid)
  const measured = sink.messages.filter((message) => message.envelope.to.some((to) => to.startsWith('bench-')))
  const lastWelcome = Math.max(...measured.map((message) => message.receivedAt))
  const recipients = new Set(measured.map((message) => message.envelope.to.join(',')))
  const run: SignupRun = {
    perSecond: SIGNUPS / ((lastSignup - started) / 1000),
    insert: { p50: percentile(insertMs, 0.5), p99: percentile(insertMs, 0.99) },
    welcome: { p50: percentile(welcomeMs, 0.5), p99: percentile(welcomeMs, 0.99) },
    failed,
    drainMs: drained ? Math.max(0, lastWelcome - lastSignup) : undefined,
    delivered: recipients.size,
    duplicates: measured.length - recipients.size,
    serverCpuMs: cpuMsPer(cpuBefore, cpuAfter, SIGNUPS),
    load: `${loadBefore.toFixed(1)}→${(loadavg()[0] ?? 0).toFixed(1)}`,
  }
  await server.stop()
  await sink.close()
  return run
}

const median = (values: number[]) => percentile(values, 0.5)

function printSignupRow(label: string, run: SignupRun) {
  const drain =
    run.drainMs === undefined
      ? `${run.delivered}/${SIGNUPS - run.failed} after ${DRAIN_TIMEOUT_MS / 1000} s`
      : `${(run.drainMs / 1000).toFixed(1)} s`
  console.log(
    `  ${label.padEnd(16)} ${run.perSecond.toFixed(0).padStart(5)}/s  insert ${run.insert.p50.toFixed(0).padStart(3)}/${run.insert.p99
      .toFixed(0)
      .padStart(4)} ms  welcome ${run.welcome.p50.toFixed(0).padStart(3)}/${run.welcome.p99.toFixed(0).padStart(4)} ms  ` +
      `last welcome +${drain.padEnd(14)} dup ${run.duplicates}  failed ${run.failed}  ` +
      `server CPU ${run.serverCpuMs === undefined ? '–' : `${run.serverCpuMs.toFixed(2)} ms`}/sign-up  load ${run.load}`,
  )
}

/**
 * BENCH_RUNS runs on one backend, each on an empty database, each printed, then their medians
 * (drain: the median of the runs that drained).
 */
async function signupThroughput(label: string, runOnce: () => Promise<SignupRun>) {
  const runs: SignupRun[] = []
  for (let i = 1; i <= RUNS; i++) {
    const run = await runOnce()
    runs.push(run)
    printSignupRow(`${label} #${i}`, run)
  }
  if (runs.length < 2) return
  const drains = runs.flatMap((run) => (run.drainMs === undefined ? [] : [run.drainMs]))
  printSignupRow(`${label} median`, {
    perSecond: median(runs.map((run) => run.perSecond)),
    insert: { p50: median(runs.map((run) => run.insert.p50)), p99: median(runs.map((run) => run.insert.p99)) },
    welcome: { p50: median(runs.map((run) => run.welcome.p50)), p99: median(runs.map((run) => run.welcome.p99)) },
    failed: Math.max(...runs.map((run) => run.failed)),
    drainMs: drains.length === runs.length ? median(drains) : undefined,
    delivered: median(runs.map((run) => run.delivered)),
    duplicates: Math.max(...runs.map((run) => run.duplicates)),
    serverCpuMs: runs.every((run) => run.serverCpuMs !== undefined) ? median(runs.map((run) => run.serverCpuMs ?? 0)) : undefined,
    load: `${median(runs.map((run) => Number(run.load.split('→')[0])))}→…`,
  })
}

/** A database of its own on the server TEST_DATABASE_URL names, or on an embedded one started for it. */
async function withThrowawayDatabase<T>(run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const configured = process.env.TEST_DATABASE_URL
  const postgres = configured ? { url: configured, stop: async () => undefined } : await startEmbeddedPostgres()
  try {
    const database = await createThrowawayDatabase(postgres.url)
    try {
      return await run(database.url)
    } finally {
      await database.drop()
    }
  } finally {
    await postgres.stop()
  }
}

// `npm run bench -- signups` runs the sign-up benchmark alone; `-- signups postgres` (or `pglite`) one backend;
// `-- views` the page views counted per second (PostgreSQL only); `-- places` the place-in-line lookup (PostgreSQL only);
// `-- insert` the database time of one sign-up's insert (PostgreSQL only); `-- render [distDir]` what
// one prerender of / costs (bench/render.ts); `-- updates` an update frozen and sent through the SMTP sender (PostgreSQL only); `-- scale
// [postgres|pglite]` the Launch tool and a sign-up with a million places (bench/scale.ts, only when asked: it loads for minutes).
const [only, backend] = process.argv.slice(2)
if (!only || only === 'page') await pageWeight()
if (!only || only === 'render') {
  console.log(RENDER_HEADER)
  await renderRun(only === 'render' ? backend : undefined)
}
if (!only || only === 'live') await liveEditLatency()
if (!only || only === 'signups') {
  console.log(`Sign-ups through insert + send-welcome-email, ${SIGNUPS} visitors, ${CONCURRENCY} clients, SMTP sink`)
  console.log(
    '  (sign-ups/s; p50/p99 of each call; last welcome in the sink after the last sign-up; duplicates; server CPU time per sign-up, welcome included)',
  )
  if (backend !== 'postgres') await signupThroughput('PGlite', () => signupRun({}))
  if (backend === 'pglite') console.log('  PostgreSQL not asked for')
  else
    await signupThroughput('PostgreSQL', () => withThrowawayDatabase((databaseUrl) => signupRun({ DATABASE_URL: databaseUrl })))
}
if (!only || only === 'views') {
  console.log(VIEWS_HEADER)
  for (let i = 1; i <= RUNS; i++) printViewsRow(`PostgreSQL #${i}`, await withThrowawayDatabase(viewsRun))
}
if (!only || only === 'places') {
  console.log(PLACES_HEADER)
  if (!(await withThrowawayDatabase(placesRun))) process.exitCode = 1
}
if (!only || only === 'insert') {
  console.log(INSERT_HEADER)
  await withThrowawayDatabase(insertRun)
}
if (!only || only === 'updates') {
  console.log(UPDATES_HEADER)
  if (!(await withThrowawayDatabase(updatesRun))) process.exitCode = 1
}
if (only === 'scale') await scaleRun(backend, withThrowawayDatabase)
