/**
 * Where the database is: DATA_DIR and DATABASE_URL (and PGLITE_LOCK_WAIT_SECONDS, how long to wait
 * for another process holding the embedded one), their default and their rule, which config.ts's
 * schema uses for the server. A command that only opens the database (`npm run waitlist:export`)
 * reads them here, without zod or the server's configuration and policies: those imports were most
 * of its start (0.5–1 s on a busy machine). database-env.test.ts holds both readers to one answer.
 */
import { invalidEnvironment } from '../config-error.ts'

export const DEFAULT_DATA_DIR = 'data'
/** A DATABASE_URL's protocol (without its colon), and what to say of one that is not. */
export const POSTGRES_PROTOCOL = /^postgres(ql)?$/
export const POSTGRES_URL_ERROR = 'a postgres:// connection URL'
/**
 * How long a second process waits for a live holder of the embedded database to let go (a server
 * closing takes up to 10 s) before it stops, naming the holder (db/directory-lock.ts).
 */
export const DEFAULT_LOCK_WAIT_SECONDS = 12
export const MAX_LOCK_WAIT_SECONDS = 600
export const LOCK_WAIT_ERROR = `seconds, from 0 to ${MAX_LOCK_WAIT_SECONDS}`

export interface DatabaseEnv {
  dataDir: string
  databaseUrl: string | undefined
  lockWaitSeconds: number
}

/** DATA_DIR, DATABASE_URL and PGLITE_LOCK_WAIT_SECONDS from `env` as loadConfig reads them; a wrong value throws as loadConfig does. */
export function databaseEnv(env: NodeJS.ProcessEnv): DatabaseEnv {
  const problems: string[] = []
  const dataDir = env.DATA_DIR ?? DEFAULT_DATA_DIR
  if (dataDir === '') problems.push('DATA_DIR: a folder, not empty')
  // Empty is unset, as in a .env file's `DATABASE_URL=`.
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl !== undefined && !POSTGRES_PROTOCOL.test(URL.parse(databaseUrl)?.protocol.slice(0, -1) ?? '')) {
    problems.push(`DATABASE_URL: ${POSTGRES_URL_ERROR}`)
  }
  // As zod's coerce reads it: empty is 0, and anything but a finite number is refused.
  const lockWait = env.PGLITE_LOCK_WAIT_SECONDS
  const lockWaitSeconds = lockWait === undefined ? DEFAULT_LOCK_WAIT_SECONDS : Number(lockWait)
  if (!Number.isFinite(lockWaitSeconds) || lockWaitSeconds < 0 || lockWaitSeconds > MAX_LOCK_WAIT_SECONDS) {
    problems.push(`PGLITE_LOCK_WAIT_SECONDS: ${LOCK_WAIT_ERROR}`)
  }
  if (problems.length > 0) throw invalidEnvironment(problems)
  return { dataDir, databaseUrl, lockWaitSeconds }
}
