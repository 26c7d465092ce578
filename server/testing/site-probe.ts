// What a visitor meets while the site is under attack: the page, a static file and a sign-up (the
// form's two calls). The attack tests assert the statuses; the attack benchmark times the same requests.
import { readFile } from 'node:fs/promises'
import { uniqueAddress } from '../../supabase/functions/_test/eventually.ts'
import { signUp, visitor } from '../../supabase/functions/_test/visitors.ts'

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

async function timedGet(url: string): Promise<Probed> {
  const started = performance.now()
  const status = await fetch(url).then(
    async (response) => (await response.arrayBuffer(), response.status),
    () => 0,
  )
  return { status, ms: performance.now() - started }
}

/**
 * Probes the site at `baseUrl` once, its three parts at once. `staticPath` is a file the server
 * serves as is (a built asset). Needs a server started with LOAD_SERVER_ENV (supabase/functions/_test/visitors.ts):
 * the sign-ups all come from this one machine.
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
