/** What every reader of the environment shares: config.ts for the server, db/database-env.ts for the commands. */
import { z } from 'zod'

/** An environment variable that may be unset or empty (`VAR=` in a .env file): both read as absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Every problem of the environment in one message. */
export const invalidEnvironment = (problems: string[]) =>
  new ConfigError(`Invalid environment (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`)

/** The problems of a failed parse, one line each: `VARIABLE: what it must be`. */
export const problemsOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
