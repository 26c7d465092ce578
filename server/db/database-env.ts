/**
 * Where the database is: DATA_DIR and DATABASE_URL, their default and their rule, which config.ts's
 * schema uses for the server. A command that only opens the database (`npm run waitlist:export`)
 * reads them here, without zod or the server's configuration and policies: those imports were most
 * of its start (0.5–1 s on a busy machine). database-env.test.ts holds both readers to one answer.
 */
import { invalidEnvironment } from '../config-error.ts'

export const DEFAULT_DATA_DIR = 'data'
/** A DATABASE_URL's protocol (without its colon), and what to say of one that is not. */
export const POSTGRES_PROTOCOL = /^postgres(ql)?$/
export const POSTGRES_URL_ERROR = 'a postgres:// connection URL'

/** DATA_DIR and DATABASE_URL from `env` as loadConfig reads them; a wrong value throws as loadConfig does. */
export function databaseEnv(env: NodeJS.ProcessEnv): { dataDir: string; databaseUrl: string | undefined } {
  const problems: string[] = []
  const dataDir = env.DATA_DIR ?? DEFAULT_DATA_DIR
  if (dataDir === '') problems.push('DATA_DIR: a folder, not empty')
  // Empty is unset, as in a .env file's `DATABASE_URL=`.
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl !== undefined && !POSTGRES_PROTOCOL.test(URL.parse(databaseUrl)?.protocol.slice(0, -1) ?? '')) {
    problems.push(`DATABASE_URL: ${POSTGRES_URL_ERROR}`)
  }
  if (problems.length > 0) throw invalidEnvironment(problems)
  return { dataDir, databaseUrl }
}
