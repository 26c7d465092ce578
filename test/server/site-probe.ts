// What a visitor meets while the site is under attack: the page, a static file and a sign-up (the
// form's two calls). The attack tests assert the statuses; the attack benchmark times the same requests.
import { readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { get } from 'node:http'
import { dirname, join } from 'node:path'
import { uniqueAddress } from '../eventually.ts'
import { LOAD_SERVER_ENV, signUp, visitor } from './visitors.ts'
import { serverSandbox, type ServerProcess } from './server-process.ts'

/** How much one attack may grow the server's resident memory: the bound the attack tests and benchmark hold it to. */
export const MAX_GROWTH_BYTES = 200 * 1024 * 1024

/** One probe request: its status (0 when nothing answered) and how long it took. */
export interface Probed {
  status: number
  ms: number
}

export interface ProbeAnswers {
  page: Probed
  file: Probed
  /** The insert into the waitlist, then the welcome function. */
  insert: Probed
  welcome: Probed
}

/** The statuses of a probe in a fixed order, for one `toEqual`: [page, file, insert, welcome]. */
export const probeStatuses = ({ page, file, insert, welcome }: ProbeAnswers) => [
  page.status,
  file.status,
  insert.status,
  welcome.status,
]

/** What a healthy site answers the probe (statuses in probeStatuses's order). */
export const HEALTHY_PROBE = [200, 200, 201, 202]

/** A GET on a connection of its own, as a new visitor's: the time includes the TCP connect. */
async function timedGet(url: string): Promise<Probed> {
  const started = performance.now()
  const status = await new Promise<number>((resolve) => {
    get(url, { agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', () => resolve(0))
    }).on('error', () => resolve(0))
  })
  return { status, ms: performance.now() - started }
}

/**
 * Probes the site at `baseUrl` once, its three parts at once. `staticPath` is a file the server
 * serves as is; `n` numbers the visitor. Needs a server started with LOAD_SERVER_ENV (as
 * startProbedServer does): the sign-ups all come from this one machine.
 */
export async function probeSite(baseUrl: string, staticPath: string, n = 0): Promise<ProbeAnswers> {
  const [page, file, signup] = await Promise.all([
    timedGet(`${baseUrl}/`),
    timedGet(`${baseUrl}${staticPath}`),
    signUp(visitor(baseUrl, n), { email: uniqueAddress('probe'), name: 'Probe' }),
  ])
  return {
    page,
    file,
    insert: { status: signup.insert, ms: signup.insertMs },
    welcome: { status: signup.welcome, ms: signup.welcomeMs },
  }
}

/** The resident memory of process `pid`, in bytes (Linux). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kb) * 1024
}

/** Samples the RSS of `pid` until stopped; `stop()` resolves with the peak growth in bytes. */
export async function watchMemory(pid: number): Promise<{ stop(): Promise<number> }> {
  const before = await rssBytes(pid)
  let peak = before
  let watching = true
  const sampling = (async () => {
    while (watching) {
      peak = Math.max(peak, await rssBytes(pid).catch(() => peak))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    async stop() {
      watching = false
      await sampling
      return peak - before
    },
  }
}

/**
 * Starts `attack` and probes the site until it settles (at least once), sampling the server's
 * memory meanwhile: the attack's outcome, every probe's statuses (probeStatuses order) and the
 * peak growth of the server's RSS in bytes.
 */
export async function probeDuring<T>(
  probed: ProbedServer,
  attack: () => Promise<T>,
): Promise<{ outcome: T; probes: number[][]; growth: number }> {
  const { url, pid } = probed.server
  const memory = await watchMemory(pid)
  try {
    let done = false
    const settled = attack().finally(() => (done = true))
    const probes: number[][] = []
    do probes.push(probeStatuses(await probeSite(url, probed.staticPath, probes.length)))
    while (!done)
    return { outcome: await settled, probes, growth: await memory.stop() }
  } finally {
    await memory.stop()
  }
}

/** A server process ready to be attacked and probed: `staticPath` is the file the probe loads. */
export interface ProbedServer {
  server: ServerProcess
  staticPath: string
  /** Whether the process has not exited. */
  running(): boolean
  /** Stops the process (if it still runs) and removes its sandbox. */
  stop(): Promise<void>
}

/**
 * `node server/main.ts` in a sandbox (server-process.ts), proof of work off and limits out of the
 * way (the probe's sign-ups all come from this one machine), plus `env`. It serves the stand-in
 * page with a small file to probe or, given `build` (a `dist` directory), that build, probed
 * through its first script.
 */
export async function startProbedServer(
  env: Record<string, string> = {},
  { build }: { build?: string } = {},
): Promise<ProbedServer> {
  const sandbox = await serverSandbox()
  const dist = join(dirname(sandbox.dataDir), 'dist')
  let staticPath = '/probe.txt'
  if (build) {
    const script = (await readdir(join(build, 'client', 'assets'))).sort().find((file) => file.endsWith('.js'))
    if (!script) throw new Error(`no built script under ${build}/client/assets: run \`npm run build\` first`)
    staticPath = `/assets/${script}`
    await rm(dist, { recursive: true, force: true })
    await symlink(build, dist)
  } else {
    await writeFile(join(dist, 'client', staticPath), 'a static file')
  }
  const server = await sandbox.start({ ...LOAD_SERVER_ENV, MAIL_SWEEP_SECONDS: '3600', ...env })
  let ended = false
  void server.exited.then(() => (ended = true))
  return {
    server,
    staticPath,
    running: () => !ended,
    async stop() {
      if (!ended) process.kill(server.pid, 'SIGTERM')
      await server.exited
      await sandbox.remove()
    },
  }
}
