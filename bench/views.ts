// `npm run bench -- views postgres`: page views counted per second while the page stays fast. The
// built site (`npm run build` first) in a process of its own on PostgreSQL, sent GET / at a fixed
// rate from many visitors (four pages each, an address of their own behind a trusted proxy, a
// browser's User-Agent), timed per request; then stopped cleanly, and the database asked how many
// views it counted: each view once, none lost, none twice (docs/product.md §8.4).
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { freePort } from '../test/free-port.ts'
import { visitorAddress } from '../test/server/visitors.ts'
import { cpuMs, cpuMsPer } from './process-cpu.ts'
import { percentile } from './stats.ts'

const RATE = Number(process.env.BENCH_VIEWS_RATE ?? 2000)
const SECONDS = Number(process.env.BENCH_VIEWS_SECONDS ?? 15)
const VIEWS_PER_VISITOR = 4
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

/** `node server/main.ts` on the built site, as `npm run serve` starts it, until SIGTERM. */
async function startSite(databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pulso-bench-views-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      PATH: process.env.PATH,
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // Each simulated visitor is named by X-Forwarded-For; one limit per visitor, far above four pages.
      TRUST_PROXY: 'true',
      ANALYTICS_LIMIT: '1000/1m',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<number | null>((done) => child.once('exit', done))
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before answering')
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM')
      await exited
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** One GET of `/`, as a browser that takes Brotli; resolves with its status and time in ms. */
function get(agent: Agent, url: string, visitor: number): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((done) => {
    const req = request(
      `${url}/`,
      {
        agent,
        headers: {
          accept: 'text/html',
          'accept-encoding': 'br',
          'user-agent': USER_AGENT,
          'x-forwarded-for': visitorAddress(visitor),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => done({ status: response.statusCode ?? 0, ms: performance.now() - started }))
      },
    )
    req.on('error', () => done({ status: 0, ms: performance.now() - started }))
    req.end()
  })
}

export interface ViewsRun {
  sent: number
  perSecond: number
  p50: number
  p99: number
  failed: number
  counted: number
  visitors: number
  serverCpuMs: number | undefined
}

/** RATE views a second for SECONDS, each sent on time whatever the answers before it. */
export async function viewsRun(databaseUrl: string): Promise<ViewsRun> {
  const site = await startSite(databaseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  try {
    // Warm: compiled code, the prerender cached, connections open (these visitors are not counted below).
    for (let n = 0; n < 200; n++) await get(agent, site.url, 1_000_000 + n)
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const countedSoFar = async () =>
      Number((await client.query<{ n: string }>('select coalesce(sum(page_views), 0) as n from analytics.visits')).rows[0]?.n)
    const before = { counted: 0, cpu: await cpuMs(site.pid) }

    const total = RATE * SECONDS
    const answers: Promise<{ status: number; ms: number }>[] = []
    const started = performance.now()
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE
      const wait = due - performance.now()
      if (wait > 1) await new Promise((done) => setTimeout(done, wait))
      answers.push(get(agent, site.url, Math.floor(n / VIEWS_PER_VISITOR)))
    }
    const results = await Promise.all(answers)
    const elapsed = (performance.now() - started) / 1000
    const cpuAfter = await cpuMs(site.pid)
    // A clean stop writes what waits: every view answered is then in the database.
    await site.stop()
    const counted = (await countedSoFar()) - 200 - before.counted
    const visitors = Number(
      (await client.query<{ n: string }>(`select count(*) as n from analytics.visits where page_views = ${VIEWS_PER_VISITOR}`))
        .rows[0]?.n,
    )
    await client.end()
    const ok = results.filter((r) => r.status === 200)
    return {
      sent: total,
      perSecond: ok.length / elapsed,
      p50: percentile(
        ok.map((r) => r.ms),
        0.5,
      ),
      p99: percentile(
        ok.map((r) => r.ms),
        0.99,
      ),
      failed: results.length - ok.length,
      counted,
      visitors,
      serverCpuMs: cpuMsPer(before.cpu, cpuAfter, results.length),
    }
  } finally {
    agent.destroy()
    await site.stop().catch(() => undefined)
  }
}

export function printViewsRow(label: string, run: ViewsRun) {
  console.log(
    `  ${label.padEnd(16)} ${run.perSecond.toFixed(0).padStart(5)} views/s  GET / p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms  ` +
      `failed ${run.failed}  counted ${run.counted} of ${run.sent - run.failed}  visitors with all ${VIEWS_PER_VISITOR} views ${run.visitors} of ${run.sent / VIEWS_PER_VISITOR}  ` +
      `server CPU ${run.serverCpuMs === undefined ? '–' : `${run.serverCpuMs.toFixed(2)} ms`}/view`,
  )
}

export const VIEWS_HEADER = `Page views counted, GET / at ${RATE}/s for ${SECONDS} s (BENCH_VIEWS_RATE, BENCH_VIEWS_SECONDS), ${VIEWS_PER_VISITOR} views per visitor, the built site on PostgreSQL`
