/** A wrong environment, said in one message (no zod here: the commands that read one or two variables import this alone). */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Every problem of the environment in one message, each `VARIABLE: what it must be`. */
export const invalidEnvironment = (problems: string[]) =>
  new ConfigError(`Invalid environment (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
