// `npm run bench`: page weight of the first paint, how fast a content edit reaches an open page,
// and sign-up throughput (50 concurrent clients through both supabase-js calls) on PGlite and on
// PostgreSQL (TEST_DATABASE_URL's server, or an embedded one).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createClient as createSanityClient } from '@sanity/client'
import { filter, firstValueFrom } from 'rxjs'
import { createClient } from '@supabase/supabase-js'
import { startEmbeddedPostgres } from '../supabase/functions/_test/embedded-postgres.ts'
import { createThrowawayDatabase } from '../supabase/functions/_test/throwaway-postgres.ts'
import { startProductServer } from './product-server.ts'

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 1000)
const CONCURRENCY = 50
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** What `/` sends a browser that takes Brotli: the page, then the script it loads after its first paint. */
async function pageWeight() {
  const server = await startProductServer({})
  try {
    const brotli = { 'accept-encoding': 'br' }
    const page = await fetch(`${server.address}/`, { headers: brotli })
    const html = await page.text()
    const htmlBytes = Number(page.headers.get('content-length'))
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|import\("([^"]+\.js)"\)/g)].map((m) => m[1] ?? m[2] ?? '')
    const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '')
    const sent = async (path: string) =>
      Number((await fetch(`${server.address}${path}`, { headers: brotli })).headers.get('content-length'))
    const jsBytes = (await Promise.all(scripts.map(sent))).reduce((a, b) => a + b, 0)
    const cssBytes = (await Promise.all(css.map(sent))).reduce((a, b) => a + b, 0)
    console.log('Page weight (as sent with Brotli):')
    console.log(`  HTML of /              ${kb(htmlBytes)} (${kb(html.length)} raw, styles and content inline)`)
    console.log(`  JS after first paint   ${kb(jsBytes)} in ${scripts.length} file(s)`)
    console.log(`  external CSS           ${kb(cssBytes)}`)
  } finally {
    await server.stop()
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
    apiHost: server.address,
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
      const shown = await client.fetch<string>('*[_id == "hero"][0].headline.en', {}, { lastLiveEventId: id })
      if (shown !== headline) throw new Error(`the refetch returned "${shown}", not "${headline}"`)
      toContent.push(performance.now() - started)
    }
  } finally {
    subscription.unsubscribe()
    await server.stop()
    await rm(seedDir, { recursive: true, force: true })
  }
  const ms = (values: number[], q: number) =>
    `${[...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1]?.toFixed(0)} ms`
  console.log(`Content edit to an open page (local seed, ${LIVE_EDITS} edits; includes the 100 ms settle):`)
  console.log(`  live event   median ${ms(toEvent, 0.5)}, p95 ${ms(toEvent, 0.95)}`)
  console.log(`  new content  median ${ms(toContent, 0.5)}, p95 ${ms(toContent, 0.95)}`)
}

/**
 * Every benchmark sign-up comes from this one machine: the per-client limits and the proof of
 * work (which guard the public site, README "Abuse model") would measure themselves, not throughput.
 */
const UNGUARDED = { CAPTCHA: 'off', SIGNUP_LIMIT: '1000000/1m', WELCOME_LIMIT_PER_CLIENT: '1000000/1m' }

async function signupThroughput(label: string, env: Record<string, string>) {
  const server = await startProductServer({ ...UNGUARDED, ...env })
  const supabase = createClient(server.address, 'local-anon-key', { auth: { persistSession: false } })
  let next = 0
  let failures = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SIGNUPS) {
        const n = next++
        const email = `bench-${n}@empresa.com`
        const insert = await supabase.from('waitlist').insert({ email, role: 'Gestora', company_size: 'unknown' })
        const welcome = await supabase.functions.invoke('send-welcome-email', {
          body: { name: `Pessoa ${n}`, email, role: 'Gestora', lang: 'pt' },
        })
        if (insert.error || welcome.error) failures += 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  console.log(
    `  ${label.padEnd(10)} ${(SIGNUPS / seconds).toFixed(0).padStart(5)} sign-ups/s  (${SIGNUPS} sign-ups, ${CONCURRENCY} clients, ${seconds.toFixed(1)} s, ${failures} failed)`,
  )
  await server.stop()
}

await pageWeight()
await liveEditLatency()
console.log(`Sign-ups through insert + send-welcome-email:`)
await signupThroughput('PGlite', {})
// The server TEST_DATABASE_URL names, or an embedded one for this run.
const configured = process.env.TEST_DATABASE_URL
const postgres = configured ? { url: configured, stop: async () => undefined } : await startEmbeddedPostgres()
const database = await createThrowawayDatabase(postgres.url)
try {
  await signupThroughput('PostgreSQL', { DATABASE_URL: database.url })
} finally {
  await database.drop()
  await postgres.stop()
}
