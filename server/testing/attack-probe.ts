// Test helper for attack tests: while hostile requests run against a server in its own process,
// a visitor's requests (the page, a static file, a sign-up) must still succeed, and the process
// must stay up with its memory bounded. Reads the process's memory from /proc.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { ServerProcess, ServerSandbox } from './server-process.ts'

/** A built asset of a realistic size that the probe fetches as a static file. */
const PROBE_ASSET_PATH = '/assets/probe.js'

/** Environment for an attack test's server: sign-ups from one address never hit their own limits. */
export const ATTACK_ENV = { CAPTCHA: 'off', SIGNUP_LIMIT: '100000/1m', WELCOME_LIMIT_PER_CLIENT: '100000/1m' }

/** Writes the probe's static file into the sandbox's build; call before `start` (files are routed at start). */
export async function writeProbeAsset(sandbox: ServerSandbox): Promise<void> {
  const assets = join(dirname(sandbox.dataDir), 'dist', 'client', 'assets')
  await mkdir(assets, { recursive: true })
  await writeFile(join(assets, 'probe.js'), `export const probe = '${'x'.repeat(100_000)}'\n`)
}

interface ProbeRound {
  page: number
  asset: number
  signup: number
  /** Milliseconds each took, for the benchmark's record (tests never assert them). */
  ms: { page: number; asset: number; signup: number }
}

async function timed(request: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  try {
    const response = await request()
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  } catch {
    return { status: 0, ms: performance.now() - started }
  }
}

/** One visitor's round: the page, the static file and a sign-up, one after the other. */
async function probeOnce(url: string): Promise<ProbeRound> {
  const page = await timed(() => fetch(`${url}/`))
  const asset = await timed(() => fetch(`${url}${PROBE_ASSET_PATH}`))
  const signup = await timed(() =>
    fetch(`${url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', 'content-type': 'application/json' },
      body: JSON.stringify({ email: `probe-${randomUUID()}@example.com`, role: 'CTO', company_size: 'unknown' }),
    }),
  )
  return {
    page: page.status,
    asset: asset.status,
    signup: signup.status,
    ms: { page: page.ms, asset: asset.ms, signup: signup.ms },
  }
}

/**
 * Probes the server in rounds until `attack` settles (and at least once after it started), and
 * returns the rounds with the attack's outcome and the largest resident memory seen.
 */
export async function probeDuring<T>(
  server: ServerProcess,
  attack: Promise<T>,
): Promise<{ rounds: ProbeRound[]; outcome: T; peakRssBytes: number }> {
  let done = false
  const settled = attack.finally(() => (done = true))
  const rounds: ProbeRound[] = []
  let peakRssBytes = await rssBytes(server.pid)
  do {
    rounds.push(await probeOnce(server.url))
    peakRssBytes = Math.max(peakRssBytes, await rssBytes(server.pid))
  } while (!done)
  return { rounds, outcome: await settled, peakRssBytes }
}

/** The process's resident memory now (VmRSS). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (kilobytes === undefined) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kilobytes) * 1024
}
