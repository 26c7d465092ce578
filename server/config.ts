import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { deliveryEnvShape, deliveryPolicyOf, type DeliveryPolicy } from '../supabase/functions/_shared/delivery-policy.ts'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** Every variable the server reads; `.env.example` documents each one. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SITE_URL: optional(z.url({ protocol: /^https?$/ })),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SANITY_PROJECT_ID: optional(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes')),
  SANITY_DATASET: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, 'lowercase letters, digits, _ and -')
    .default('production'),
  SANITY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2025-02-19')
    .default('2025-02-19'),
  SANITY_VIEWER_TOKEN: optional(z.string().min(20, 'a Sanity API token with the Viewer role')),
  SANITY_STUDIO_URL: optional(z.url({ protocol: /^https?$/ })),
  SEED_DIR: z.string().min(1).default('studio/seed'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// connection URL' })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' })),
  MAIL_FROM: z.string().min(3).default('Pulso <boas-vindas@pulso.app>'),
  MAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  ...deliveryEnvShape,
  SUPABASE_URL: optional(z.url({ protocol: /^https?$/ })),
  SUPABASE_ANON_KEY: optional(z.string().min(20, 'the project’s anon (publishable) key')),
})

export type Env = z.infer<typeof envSchema>

export interface ServerConfig {
  port: number
  host: string
  siteUrl: string
  logLevel: Env['LOG_LEVEL']
  /** A request whose headers and body have not all arrived by then is cut off (slow clients hold no socket for long). */
  requestTimeoutMs: number
  sanity: {
    projectId: string
    dataset: string
    apiVersion: string
    hosted: boolean
    /**
     * Reads drafts for the preview (server side only). Hosted: SANITY_VIEWER_TOKEN, and without
     * it there is no preview. Local: made up at start, the local content API's only key to drafts.
     */
    viewerToken: string | undefined
    /** Where editors edit, for the preview's click-to-edit links. */
    studioUrl: string
  }
  seedDir: string
  supabase: { url: string; anonKey: string; hosted: boolean }
  dataDir: string
  databaseUrl: string | undefined
  mail: { smtpUrl: string | undefined; from: string; sweepMs: number; delivery: DeliveryPolicy }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment once at start-up; every problem is listed in one message. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.safeParse(env)
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_ANON_KEY)) {
    problems.push(`${env.SUPABASE_URL ? 'SUPABASE_ANON_KEY' : 'SUPABASE_URL'}: set SUPABASE_URL and SUPABASE_ANON_KEY together`)
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid environment (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    sanity: {
      projectId: e.SANITY_PROJECT_ID ?? 'local',
      dataset: e.SANITY_DATASET,
      apiVersion: e.SANITY_API_VERSION,
      hosted: e.SANITY_PROJECT_ID !== undefined,
      viewerToken: e.SANITY_VIEWER_TOKEN ?? (e.SANITY_PROJECT_ID ? undefined : randomBytes(24).toString('base64url')),
      studioUrl: (e.SANITY_STUDIO_URL ?? 'http://localhost:3333').replace(/\/+$/, ''),
    },
    seedDir: e.SEED_DIR,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, sweepMs: e.MAIL_SWEEP_SECONDS * 1000, delivery: deliveryPolicyOf(e) },
    supabase:
      e.SUPABASE_URL && e.SUPABASE_ANON_KEY
        ? { url: e.SUPABASE_URL, anonKey: e.SUPABASE_ANON_KEY, hosted: true }
        : { url: '', anonKey: 'local-anon-key', hosted: false },
  }
}
