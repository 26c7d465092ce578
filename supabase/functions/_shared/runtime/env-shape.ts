import { z } from 'zod'

/**
 * The variables of `shape` read from `env`, validated, for the edge functions, which have no
 * configuration schema of their own; throws naming each wrong variable (`what`: "mail settings").
 */
export function parseEnvShape<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined>,
  what: string,
): z.output<z.ZodObject<Shape>> {
  const parsed = z.object(shape).safeParse(env)
  if (!parsed.success) {
    throw new Error(
      `Invalid ${what}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  }
  return parsed.data
}
