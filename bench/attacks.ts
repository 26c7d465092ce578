// `npm run bench:attacks`: the site under attack, as `npm start` serves it with its embedded
// defaults. Needs `npm run build` first (like `npm run bench`): it serves the build in dist/.
//
// Loads every row of bench/attacks/*.attacks.ts (interface: bench/attacks/attack.ts). For each row,
// 20 copies of its hostile request run at once, each re-sent as soon as it is answered, for
// ATTACK_SECONDS (10) or until each has run ATTACK_RUNS (200) times (ATTACK_ONLY=text: only the
// rows whose name contains it); meanwhile a visitor probes the page, a built asset and a sign-up
// (insert, then the welcome) one after another, from a thread of its own (probe-thread.ts). Prints per row the hostile statuses (500s flagged;
// 0: the connection broke, e.g. reset by a server refusing a body mid-upload), the slowest hostile
// answer, each probe's p50/p99, the server's peak RSS growth and whether it is still up; then the
// targets. The server runs in a process of its
// own (test/server/site-probe.ts, as the attack tests start it but on the build), restarted only
// between rows that need another environment, or after a row that took it down.
import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Attack } from './attacks/attack.ts'
import { percentile } from './stats.ts'
import {
  MAX_GROWTH_BYTES,
  startProbedServer,
  watchMemory,
  type ProbeAnswers,
  type ProbedServer,
} from '../test/server/site-probe.ts'

const COPIES = 20
const SECONDS = Number(process.env.ATTACK_SECONDS ?? 10)
/** Only the rows whose name contains this text, when set. */
const ONLY = process.env.ATTACK_ONLY
const RUNS = Number(process.env.ATTACK_RUNS ?? 200)
/** How long a hostile request may still take once the row's time is up before it is abandoned. */
const GRACE_MS = 10_000
const TARGETS = { hostileMs: 2_000, probeP99Ms: 200, growthBytes: MAX_GROWTH_BYTES }
const ATTACKS_DIR = resolve(import.meta.dirname, 'attacks')
const DIST = resolve(import.meta.dirname, '../dist')

interface RowResult {
  name: string
  anonymous: boolean
  statuses: Map<number, number>
  slowestMs: number
  probes: ProbeAnswers[]
  growthBytes: number
  up: boolean
}

async function loadAttacks(): Promise<Attack[]> {
  const files = (await readdir(ATTACKS_DIR)).filter((file) => file.endsWith('.attacks.ts')).sort()
  const modules = await Promise.all(
    files.map((file) => import(pathToFileURL(join(ATTACKS_DIR, file)).href) as Promise<{ attacks: Attack[] }>),
  )
  const attacks = modules.flatMap((module) => module.attacks)
  return ONLY ? attacks.filter((attack) => attack.name.includes(ONLY)) : attacks
}

/** Rows by the environment they need, so one server serves every row of a group. */
function byEnvironment(attacks: Attack[]): Map<string, Attack[]> {
  const groups = new Map<string, Attack[]>()
  for (const attack of attacks) {
    const key = JSON.stringify(Object.entries(attack.env ?? {}).sort(([a], [b]) => a.localeCompare(b)))
    groups.set(key, [...(groups.get(key) ?? []), attack])
  }
  return groups
}

async function isUp({ server, running }: ProbedServer): Promise<boolean> {
  if (!running()) return false
  return fetch(`${server.url}/healthz`).then(
    (response) => response.ok,
    () => false,
  )
}

/** A visitor probing the site from a thread of its own (probe-thread.ts) until stopped. */
function probeInThread(url: string, staticPath: string): { stop(): Promise<ProbeAnswers[]> } {
  const probes: ProbeAnswers[] = []
  const thread = new Worker(new URL('./probe-thread.ts', import.meta.url), { workerData: { url, staticPath } })
  thread.on('message', (probe: ProbeAnswers) => probes.push(probe))
  const exited = new Promise<void>((resolve, reject) => {
    thread.once('exit', () => resolve())
    thread.once('error', reject)
  })
  return {
    async stop() {
      thread.postMessage('stop')
      await exited
      return probes
    },
  }
}

async function runRow(attack: Attack, probed: ProbedServer): Promise<RowResult> {
  const { server, staticPath } = probed
  const statuses = new Map<number, number>()
  let slowestMs = 0
  const memory = await watchMemory(server.pid)
  const abandon = new AbortController()
  const until = performance.now() + SECONDS * 1000
  const grace = setTimeout(() => abandon.abort(), SECONDS * 1000 + GRACE_MS)
  const workers = Array.from({ length: COPIES }, async (_, worker) => {
    for (let run = 0; run < RUNS && performance.now() < until && !abandon.signal.aborted; run++) {
      const started = performance.now()
      const status = await attack.send(server.url, run * COPIES + worker, abandon.signal)
      slowestMs = Math.max(slowestMs, performance.now() - started)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  })
  const probing = probeInThread(server.url, staticPath)
  await Promise.all(workers)
  const probes = await probing.stop()
  // What the row still holds open (streams, connections) ends with it, not in the next row.
  abandon.abort()
  clearTimeout(grace)
  return {
    name: attack.name,
    anonymous: attack.env?.SANITY_VIEWER_TOKEN === undefined,
    statuses,
    slowestMs,
    probes,
    growthBytes: await memory.stop(),
    up: await isUp(probed),
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0))
const quantiles = (values: number[]) => `${ms(percentile(values, 0.5))}/${ms(percentile(values, 0.99))}`
const pageMs = (row: RowResult) => row.probes.map((probe) => probe.page.ms)
const fileMs = (row: RowResult) => row.probes.map((probe) => probe.file.ms)
const signUpMs = (row: RowResult) => row.probes.map((probe) => probe.insert.ms + probe.welcome.ms)
const failedProbes = (row: RowResult) =>
  row.probes.filter(
    ({ page, file, insert, welcome }) =>
      page.status !== 200 || file.status !== 200 || insert.status !== 201 || welcome.status !== 202,
  ).length
const count500 = (row: RowResult) => row.statuses.get(500) ?? 0

function printRow(row: RowResult) {
  const statuses = [...row.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n}×${status}${status === 500 ? '!' : ''}`)
    .join(' ')
  console.log(
    [
      row.name.slice(0, 58).padEnd(58),
      statuses.padEnd(22),
      ms(row.slowestMs).padStart(6),
      quantiles(pageMs(row)).padStart(10),
      quantiles(fileMs(row)).padStart(10),
      quantiles(signUpMs(row)).padStart(10),
      `${row.probes.length - failedProbes(row)}/${row.probes.length}`.padStart(8),
      `+${(row.growthBytes / 1024 / 1024).toFixed(0)}`.padStart(6),
      row.up ? 'yes' : 'NO',
    ].join(' │ '),
  )
}

function printSummary(rows: RowResult[]) {
  const anonymous = rows.filter((row) => row.anonymous)
  // The probe's requests count too: each is one anonymous request.
  const probeMs = rows.flatMap((row) =>
    row.probes.flatMap(({ page, file, insert, welcome }) => [page, file, insert, welcome].map((probe) => probe.ms)),
  )
  const slowest = Math.max(...anonymous.map((row) => row.slowestMs), ...probeMs)
  const pageP99 = Math.max(...rows.map((row) => percentile(pageMs(row), 0.99)))
  const fileP99 = Math.max(...rows.map((row) => percentile(fileMs(row), 0.99)))
  const growth = Math.max(...rows.map((row) => row.growthBytes))
  const fives = rows.reduce((sum, row) => sum + count500(row), 0)
  const failed = rows.reduce((sum, row) => sum + failedProbes(row), 0)
  const down = rows.filter((row) => !row.up).length
  const checks: [string, boolean, string][] = [
    ['slowest anonymous request ≤ 2 s', slowest <= TARGETS.hostileMs, `${ms(slowest)} ms`],
    ['GET / p99 ≤ 200 ms (worst row)', pageP99 <= TARGETS.probeP99Ms, `${ms(pageP99)} ms`],
    ['static file p99 ≤ 200 ms (worst row)', fileP99 <= TARGETS.probeP99Ms, `${ms(fileP99)} ms`],
    ['RSS growth ≤ +200 MB (worst row)', growth <= TARGETS.growthBytes, `+${(growth / 1024 / 1024).toFixed(0)} MB`],
    ['0 answers with status 500', fives === 0, `${fives}`],
    ['every probe answered as a healthy site does', failed === 0, `${failed} failed`],
    ['the process stayed up', down === 0, down === 0 ? 'yes' : `down after ${down} row(s)`],
  ]
  console.log('\nTargets (rows sent with the viewer token are not anonymous):')
  for (const [what, met, measured] of checks) console.log(`  ${met ? 'ok  ' : 'MISS'} ${what.padEnd(44)} ${measured}`)
  if (checks.some(([, met]) => !met)) process.exitCode = 1
}

const attacks = await loadAttacks()
console.log(
  `${attacks.length} attack rows, ${COPIES} at once for ${SECONDS} s (or ${RUNS} runs each); probe: GET /, a built script, a sign-up\n`,
)
console.log(
  [
    'attack'.padEnd(58),
    'hostile statuses'.padEnd(22),
    'max ms',
    '/ p50/p99'.padStart(10),
    'static'.padStart(10),
    'sign-up'.padStart(10),
    'probes ok'.padStart(8),
    'RSS MB',
    'up',
  ].join(' │ '),
)
const rows: RowResult[] = []
for (const group of byEnvironment(attacks).values()) {
  const env = group[0]?.env ?? {}
  let probed = await startProbedServer(env, { build: DIST })
  try {
    for (const attack of group) {
      const row = await runRow(attack, probed)
      rows.push(row)
      printRow(row)
      // A row that took the server down must not count against the rows after it.
      if (!row.up) {
        await probed.stop()
        probed = await startProbedServer(env, { build: DIST })
      }
    }
  } finally {
    await probed.stop()
  }
}
printSummary(rows)
