import { readFile, stat, utimes, writeFile, rm } from 'node:fs/promises'
import { hostname } from 'node:os'
import lockfile from 'proper-lockfile'
import { DEFAULT_LOCK_WAIT_SECONDS } from './database-env.ts'

/** The holder refreshes its lock this often; a lock refreshed less recently than twice this may be abandoned. */
const UPDATE_MS = 1_000
const QUIET_MS = 2 * UPDATE_MS
/**
 * A lock whose holder cannot be checked (another machine sharing the directory, or no holder file)
 * is taken over (by proper-lockfile itself) only once it has not been refreshed for this long. A holder on this machine is
 * checked instead, however long it has been silent: a live process can go seconds without refreshing
 * it (a loaded machine, a long synchronous task; opening PGlite took tens of seconds when it still ran
 * on the main thread), so silence alone proves nothing.
 */
const UNCHECKED_STALE_MS = 60_000
const RETRY_EVERY_MS = 250

/** Another process holds the embedded database: its message names it and says what to do. */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError'
}

interface Holder {
  pid: number
  host: string
  /** The process's start time (Linux /proc), so a reused pid is not mistaken for the holder. */
  started: string | undefined
}

/** Field 22 of /proc/<pid>/stat, and the state (field 3): Z or X for a process that has died. */
async function processStat(pid: number): Promise<{ state: string; started: string } | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  const fields = text?.replace(/^.*\) /s, '').split(' ')
  return fields ? { state: fields[0] ?? '', started: fields[19] ?? '' } : undefined
}

async function isAlive({ pid, started }: Holder): Promise<boolean> {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const current = await processStat(pid)
  if (!current) return true // no /proc (macOS): the signal said it exists
  // A zombie still has its pid until its parent reaps it, but holds nothing any more.
  return current.state !== 'Z' && current.state !== 'X' && (started === undefined || current.started === started)
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it.
 * proper-lockfile's lock (an atomic mkdir, refreshed every second by its holder) keeps it to one;
 * the holder's pid, host and start time, written beside it, let a restart tell at once whether the
 * holder is gone (killed, even while still a zombie) and take the lock over within about two
 * seconds of the crash, while a live holder is never robbed and a second process stops, naming it,
 * once it has waited `waitSeconds` for the holder to let go.
 */
export async function lockDirectory(directory: string, waitSeconds = DEFAULT_LOCK_WAIT_SECONDS): Promise<() => Promise<void>> {
  const holderFile = `${directory}.pid`
  const lockPath = `${directory}.lock`
  const deadline = Date.now() + waitSeconds * 1000
  for (;;) {
    try {
      const release = await lockfile.lock(directory, {
        stale: UNCHECKED_STALE_MS,
        update: UPDATE_MS,
        onCompromised: (error) => {
          // Another process took the lock over: stop writing. Thrown from a timer, it is an uncaught
          // error, and the server closes as after any other.
          throw new Error(`Lost the lock on the embedded database in ${directory}: another process may be using it.`, {
            cause: error,
          })
        },
      })
      const started = (await processStat(process.pid))?.started
      await writeFile(holderFile, JSON.stringify({ pid: process.pid, host: hostname(), started } satisfies Holder))
      return async () => {
        await rm(holderFile, { force: true })
        await release()
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      const holder = await readHolder(holderFile)
      // Aged past proper-lockfile's stale time, an abandoned lock is taken over by the next attempt.
      const aged =
        (await isAbandoned(lockPath, holder)) &&
        (await utimes(lockPath, 0, 0).then(
          () => true,
          () => false,
        ))
      if (aged) continue
      if (Date.now() > deadline) {
        throw new DatabaseInUseError(
          `The embedded database in ${directory} is in use by ${holder ? `process ${holder.pid}` : 'another process'} (a running server?). ` +
            'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.',
          { cause: error },
        )
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS))
    }
  }
}

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, started: holder.started }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Not refreshed for a moment (a lock just taken over may still name the dead holder before its new
 * holder writes itself down), and its holder on this machine is gone.
 */
async function isAbandoned(lockPath: string, holder: Holder | undefined): Promise<boolean> {
  const refreshed = (await stat(lockPath).catch(() => undefined))?.mtimeMs
  if (refreshed === undefined) return false // released meanwhile: just try again
  const silentFor = Date.now() - refreshed
  if (silentFor < QUIET_MS) return false
  // Another machine's holder cannot be checked: proper-lockfile takes its lock once UNCHECKED_STALE_MS old.
  if (!holder || holder.host !== hostname()) return false
  return !(await isAlive(holder))
}
