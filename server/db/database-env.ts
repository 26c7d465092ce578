/**
 * Where the database is, as the server reads it (config.ts spreads this shape into its own): kept
 * apart so a command that only opens the database (`npm run waitlist:export`) starts without loading
 * the whole server's configuration and its policies (half a second of imports, more on a busy machine).
 */
import { z } from 'zod'
import { invalidEnvironment, optional, problemsOf } from '../env-value.ts'

export const databaseEnvShape = {
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// connection URL' })),
}

/** DATA_DIR and DATABASE_URL from `env`, with the server's defaults; throws as loadConfig does on a wrong value. */
export function databaseEnv(env: NodeJS.ProcessEnv): { dataDir: string; databaseUrl: string | undefined } {
  const parsed = z.object(databaseEnvShape).safeParse(env)
  if (!parsed.success) throw invalidEnvironment(problemsOf(parsed.error))
  return { dataDir: parsed.data.DATA_DIR, databaseUrl: parsed.data.DATABASE_URL }
}
