import { createPrivateKey, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { z } from 'zod'
import type { DkimKey } from '../supabase/functions/_shared/delivery/smtp-mailer.ts'
import {
  deliveryEnvShape,
  deliveryPolicyOf,
  type DeliveryPolicy,
} from '../supabase/functions/_shared/delivery/delivery-policy.ts'
import { webhookEnvShape, webhookPolicyOf, type WebhookPolicy } from '../supabase/functions/_shared/webhooks/webhook-policy.ts'
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './sanity/query/query-pool.ts'
import {
  DEFAULT_RATES,
  DEFAULT_RENDER_LIMITS,
  DEFAULT_STREAM_LIMITS,
  type ContentEndpoint,
  type ImageRenderLimits,
  type LiveStreamLimits,
} from './sanity/content-bounds.ts'
import { ConfigError, invalidEnvironment } from './config-error.ts'
import {
  DEFAULT_DATA_DIR,
  DEFAULT_LOCK_WAIT_SECONDS,
  LOCK_WAIT_ERROR,
  MAX_LOCK_WAIT_SECONDS,
  POSTGRES_PROTOCOL,
  POSTGRES_URL_ERROR,
} from './db/database-env.ts'

export { ConfigError }

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** A PEM key, also as one line with `\n` escapes (how one-line .env files and secret stores carry it). */
const pemKey = z
  .string()
  .transform((value) => value.replace(/\\n/g, '\n').trim())
  .refine(
    (pem) => {
      try {
        return createPrivateKey(pem).asymmetricKeyType === 'rsa'
      } catch {
        return false
      }
    },
    { error: 'an RSA private key in PEM (-----BEGIN PRIVATE KEY----- …)' },
  )
/**
 * TRUST_PROXY as Fastify's trustProxy reads it: unset trusts no proxy (the socket's address is
 * the client's), `true` trusts X-Forwarded-For from any hop, a number trusts that many hops, and
 * a list trusts those proxies (addresses, CIDR blocks, or loopback / linklocal / uniquelocal).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string[] => {
    if (value === 'true' || value === 'false') return value === 'true'
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    const wrong = entries.find((entry) => !isProxyAddress(entry))
    if (wrong !== undefined) {
      context.addIssue({ code: 'custom', message: `true, a hop count, or proxy addresses / CIDR blocks ("${wrong}" is none)` })
      return z.NEVER
    }
    return entries
  })

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
}

/** Seconds in each unit a window or a period may be written in. */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 }
/** `10m` in seconds: the count times its unit (the regular expressions below admit only these units). */
const secondsOf = (value: string) => Number(value.slice(0, -1)) * UNIT_SECONDS[value.slice(-1) as keyof typeof UNIT_SECONDS]

/** A limit as `<count>/<window>`: `10/10m` is ten per ten minutes (s, m, h or d). */
const requestLimit = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,8}\/[1-9]\d{0,6}[smhd]$/, 'a count and a window, like 10/10m (s, m, h or d)')
  .transform((value) => {
    const [count = '', window = ''] = value.split('/')
    return { maxHits: Number(count), perSeconds: secondsOf(window) }
  })

/** A period as `<count><unit>`: `1d` is a day, `6h` six hours (s, m, h or d). */
const period = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,5}[smhd]$/, 'a count and a unit, like 1d or 6h (s, m, h or d)')
  .transform((value) => secondsOf(value) * 1000)

/** A comma-separated list whose every entry matches `entry` (blanks around commas ignored). */
const listOf = (entry: RegExp, what: string) =>
  z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()))
    .refine((items) => items.every((item) => entry.test(item)), { error: `a comma-separated list of ${what}` })

/** A browser opens about six connections to a site; this leaves room for an office behind one address. */
const DEFAULT_CONNECTIONS_PER_CLIENT = 256

/** The confirm, removal and privacy pages per client address: a person opens a few, a scanner a few more. */
const DEFAULT_LINK_RATE: RequestLimit = { maxHits: 60, perSeconds: 60 }

/**
 * The hosted project's secret key, for counting page views there (docs/operations.md, "Analytics and privacy"):
 * a secret key (`sb_secret_…`) or the legacy service-role JWT. A publishable or anon key would be
 * refused by the counting functions; it is refused here first, with the reason.
 */
const secretKey = z
  .string()
  .trim()
  .refine((key) => key.startsWith('sb_secret_') || jwtRole(key) === 'service_role', {
    error: 'the project’s secret key (sb_secret_…) or its legacy service-role key, never the publishable (anon) one',
  })

function jwtRole(token: string): unknown {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: unknown }
    return payload.role
  } catch {
    return undefined
  }
}

/** Every variable the server reads; `.env.example` documents each one. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SITE_URL: optional(z.url({ protocol: /^https?$/ })),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  CONNECTIONS_PER_CLIENT: optional(z.coerce.number().int().min(0).max(1_000_000)),
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
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
  // The Launch tool's people level (docs/decisions/0060-two-access-levels.md): the roles and the users that have it.
  LAUNCH_PEOPLE_ROLES: optional(z.union([z.literal('none'), listOf(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'Sanity role names')])),
  LAUNCH_PEOPLE_USERS: optional(listOf(/^[A-Za-z0-9_-]{1,64}$/, 'Sanity user ids (such as p7Yx2Kq)')),
  SANITY_MEMBERS_TOKEN: optional(z.string().min(20, 'a Sanity API token whose role may read the project’s members')),
  // Offline only: the Studio session's stand-in for the Launch tool's handshake (docs/decisions/0043-launch-tool.md).
  SANITY_LOCAL_EDITOR_TOKEN: optional(z.string().min(20, 'at least 20 characters, kept secret')),
  SEED_DIR: z.string().min(1).default('studio/seed'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: optional(z.url({ protocol: POSTGRES_PROTOCOL, error: POSTGRES_URL_ERROR })),
  PGLITE_LOCK_WAIT_SECONDS: z.coerce
    .number({ error: LOCK_WAIT_ERROR })
    .min(0, { error: LOCK_WAIT_ERROR })
    .max(MAX_LOCK_WAIT_SECONDS, { error: LOCK_WAIT_ERROR })
    .default(DEFAULT_LOCK_WAIT_SECONDS),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' })),
  MAIL_FROM: z.string().min(3).default('Pulso <boas-vindas@pulso.app>'),
  MAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  DKIM_DOMAIN: optional(
    z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i, 'a domain such as pulso.app'),
  ),
  DKIM_SELECTOR: optional(z.string().regex(/^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/i, 'a selector such as pulso2026')),
  DKIM_PRIVATE_KEY: optional(pemKey),
  LINK_SECRET: optional(z.string().min(32, 'at least 32 characters, e.g. from `openssl rand -hex 32`')),
  UNCONFIRMED_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REMOVAL_MEMORY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LINK_RATE_LIMIT: optional(requestLimit),
  TRUST_PROXY: optional(trustProxy),
  SIGNUP_LIMIT: optional(requestLimit),
  WELCOME_LIMIT_PER_CLIENT: optional(requestLimit),
  WELCOME_LIMIT_PER_RECIPIENT: optional(requestLimit),
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  ALTCHA_HMAC_KEY: optional(z.string().min(32, 'a random secret of at least 32 characters')),
  ...deliveryEnvShape,
  ...webhookEnvShape,
  // Lets endpoints on loopback over plain http: for tests and a receiver on this machine, never in production.
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  WEBHOOK_SWEEP_SECONDS: z.coerce.number().min(0.1).max(60).default(1),
  INVITE_ACTIVATION_KEY: optional(z.string().min(32, 'at least 32 characters, e.g. from `openssl rand -hex 32`')),
  // Referrals (docs/product.md §13.2): credits per referrer per hour before the rest are held; the least time between place emails.
  REFERRAL_CREDITS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  REFERRAL_EMAIL_GAP_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  // Bounds on the content API's queries (server/sanity/query/query-pool.ts; docs/operations.md, "Limits").
  CONTENT_QUERY_WORKERS: z.coerce.number().int().min(1).max(16).default(DEFAULT_QUERY_LIMITS.workers),
  CONTENT_QUERY_TIME_LIMIT_MS: z.coerce.number().int().min(10).max(60_000).default(DEFAULT_QUERY_LIMITS.timeLimitMs),
  CONTENT_QUERY_WORKER_MEMORY_MB: z.coerce.number().int().min(16).max(4096).default(DEFAULT_QUERY_LIMITS.workerMemoryMb),
  CONTENT_QUERY_ANSWER_LIMIT_KB: z.coerce
    .number()
    .int()
    .min(1)
    .max(256 * 1024)
    .default(DEFAULT_QUERY_LIMITS.answerLimitBytes / 1024),
  CONTENT_QUERY_QUEUE: z.coerce.number().int().min(0).max(1000).default(DEFAULT_QUERY_LIMITS.queue),
  CONTENT_QUERY_MAX_CHARS: z.coerce
    .number()
    .int()
    .min(256)
    .max(1024 * 1024)
    .default(DEFAULT_QUERY_LIMITS.maxQueryChars),
  // Bounds on the public content endpoints (docs/operations.md, "Limits"; decisions 0029, 0030).
  QUERY_RATE_LIMIT: optional(requestLimit),
  IMAGE_RATE_LIMIT: optional(requestLimit),
  LIVE_RATE_LIMIT: optional(requestLimit),
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(DEFAULT_STREAM_LIMITS.perClient),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_STREAM_LIMITS.total),
  LIVE_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(DEFAULT_STREAM_LIMITS.idleMs / 60_000),
  IMAGE_RENDERS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(DEFAULT_RENDER_LIMITS.atOnce),
  IMAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_RENDER_LIMITS.queued),
  IMAGE_RENDER_MAX_MEGAPIXELS: z.coerce
    .number()
    .min(0.01)
    .max(1000)
    .default(DEFAULT_RENDER_LIMITS.maxCost / 1e6),
  IMAGE_RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(DEFAULT_RENDER_LIMITS.timeoutSeconds),
  SUPABASE_URL: optional(z.url({ protocol: /^https?$/ })),
  SUPABASE_ANON_KEY: optional(z.string().min(20, 'the project’s anon (publishable) key')),
  SUPABASE_SECRET_KEY: optional(secretKey),
  // Counting (docs/operations.md, "Analytics and privacy").
  ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(25),
  ANALYTICS_LIMIT: optional(requestLimit),
  // Operations (docs/operations.md): the metrics' bearer, and the snapshots the server takes itself.
  METRICS_TOKEN: optional(z.string().min(32, 'at least 32 characters, e.g. from `openssl rand -hex 32`')),
  BACKUP_EVERY: optional(period),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_DIR: z.string().min(1).default('backups'),
})

export type Env = z.infer<typeof envSchema>

/**
 * Page views and form starts counted per client address: a reader opens a few pages a minute, an
 * office behind one address a few dozen; a script looping on one address is counted this far only.
 */
const DEFAULT_COUNTED_PER_CLIENT = { maxHits: 120, perSeconds: 60 }

export interface RequestLimit {
  maxHits: number
  perSeconds: number
}

export interface ServerConfig {
  port: number
  host: string
  /** Which proxies' X-Forwarded-For decides the client address (Fastify's trustProxy). */
  trustProxy: boolean | number | string[]
  siteUrl: string
  logLevel: Env['LOG_LEVEL']
  /** A request whose headers and body have not all arrived by then is cut off (slow clients hold no socket for long). */
  requestTimeoutMs: number
  connections: {
    /** Open connections per client address (the socket's), more closed at once; 0: no cap. */
    perClient: number
    /** Connections the kernel queues for accepting (listen backlog), for bursts. */
    backlog: number
  }
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
    /** Offline: the token that writes as a Studio user would (SANITY_LOCAL_EDITOR_TOKEN, else kept in DATA_DIR). */
    localEditorToken: string | undefined
    /** Reads the project's members and their roles (SANITY_MEMBERS_TOKEN, else the viewer token). */
    membersToken: string | undefined
  }
  /** The Launch tool (docs/decisions/0060-two-access-levels.md). */
  launch: {
    /** Who has the people level: members holding one of these Sanity roles, or named by user id. */
    people: { roles: string[]; users: string[] }
  }
  seedDir: string
  /** Bounds on every query the local content API evaluates for a request. */
  contentQueries: QueryLimits
  /** With hosted Supabase, `secretKey` lets this server write its counts there; it never reaches the browser. */
  supabase: { url: string; anonKey: string; hosted: boolean; secretKey?: string }
  /** Cookieless counting of page views and the sign-up funnel (docs/product.md §8). */
  analytics: {
    /** Daily aggregates older than this are deleted. */
    retentionMonths: number
    /** Page views and form starts counted per client address; more are served and not counted. */
    perClient: RequestLimit
  }
  dataDir: string
  databaseUrl: string | undefined
  /** How long to wait for another process holding the embedded database to let go (PGLITE_LOCK_WAIT_SECONDS). */
  lockWaitSeconds: number
  /** Snapshots of the database (docs/operations.md "Backups"). */
  backups: {
    /** BACKUP_EVERY: how often the server takes one itself; undefined, it takes none. */
    everyMs: number | undefined
    /** BACKUP_KEEP: the newest snapshots kept in the folder; older ones are deleted. */
    keep: number
    /** BACKUP_DIR: where snapshots go, private to the server's user. */
    dir: string
  }
  /** METRICS_TOKEN: the bearer `GET /metrics` admits from elsewhere than this machine. */
  metricsToken: string | undefined
  mail: {
    smtpUrl: string | undefined
    from: string
    sweepMs: number
    /** Signs SMTP mail for the sender's domain when all three DKIM variables are set. */
    dkim: DkimKey | undefined
    delivery: DeliveryPolicy
  }
  /** Signed webhooks (docs/decisions/0044-signed-webhooks.md). */
  webhooks: {
    policy: WebhookPolicy
    /** Endpoints on loopback over plain http allowed (WEBHOOK_ALLOW_PRIVATE). */
    allowPrivate: boolean
    /** How often the outbox is looked at for new events. */
    sweepMs: number
  }
  /** Invite waves (docs/decisions/0045-invite-waves.md). */
  invites: {
    /** INVITE_ACTIVATION_KEY: the bearer the product reports activations with; undefined, the call is off. */
    activationKey: string | undefined
  }
  /** Referrals (docs/product.md §13.2): written into referrals.settings at start. */
  referrals: {
    /** REFERRAL_CREDITS_PER_HOUR: a referrer's credits in an hour beyond which the rest are held for review. */
    creditsPerHour: number
    /** REFERRAL_EMAIL_GAP_MINUTES: the least time between two place emails to one person. */
    emailGapMinutes: number
  }
  /** The personal links in the welcome (docs/product.md §4.5). */
  links: {
    /** LINK_SECRET; unset, the sign-up backend generates one and keeps it in the database. */
    secret: string | undefined
    /** How long an unconfirmed place is kept; its confirmation link lasts as long. */
    retentionDays: number
    /** How long a mailbox that left the list is sent nothing and cannot be put back (guard.settings). */
    removalMemoryDays: number
    /** LINK_RATE_LIMIT: requests per client address to the confirm, removal and privacy pages. */
    rate: RequestLimit
  }
  abuse: {
    /** Limits set by the environment, by their name in guard.limits; the others keep the database's. */
    limits: Partial<Record<'signup' | 'welcome_client' | 'welcome_recipient', RequestLimit>>
    /** The proof of work the welcome asks for; undefined when CAPTCHA=off. */
    captcha: { hmacKey: string | undefined } | undefined
  }
  /** Bounds on the public content endpoints: per-client rates, live streams, image renders. */
  contentLimits: {
    /** Requests per client address, for each endpoint (streams opened, for `live`). */
    rate: Record<ContentEndpoint, RequestLimit>
    liveStreams: LiveStreamLimits
    imageRenders: ImageRenderLimits
  }
}

/** Parses the environment once at start-up; every problem is listed in one message. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.safeParse(env)
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  if (env.SANITY_LOCAL_EDITOR_TOKEN && env.SANITY_PROJECT_ID) {
    problems.push('SANITY_LOCAL_EDITOR_TOKEN: only without SANITY_PROJECT_ID (the hosted Studio proves its users itself)')
  }
  if (env.SUPABASE_SECRET_KEY && !env.SUPABASE_URL) {
    problems.push('SUPABASE_SECRET_KEY: only with SUPABASE_URL (the self-hosted server counts in its own database)')
  }
  if (env.SUPABASE_SECRET_KEY && env.SUPABASE_SECRET_KEY === env.SUPABASE_ANON_KEY) {
    problems.push('SUPABASE_SECRET_KEY: the same as SUPABASE_ANON_KEY, which the browser gets: use the secret key')
  }
  if (env.BACKUP_EVERY && env.SUPABASE_URL) {
    problems.push('BACKUP_EVERY: the sign-ups are in hosted Supabase, whose own backups hold them (docs/operations.md "Backups")')
  }
  if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_ANON_KEY)) {
    problems.push(`${env.SUPABASE_URL ? 'SUPABASE_ANON_KEY' : 'SUPABASE_URL'}: set SUPABASE_URL and SUPABASE_ANON_KEY together`)
  }
  const dkimVariables = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const
  const dkimMissing = dkimVariables.filter((name) => !env[name])
  if (dkimMissing.length > 0 && dkimMissing.length < dkimVariables.length) {
    for (const name of dkimMissing) problems.push(`${name}: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together`)
  }
  if (!parsed.success || problems.length > 0) {
    throw invalidEnvironment(problems)
  }
  const e = parsed.data
  // Offline, a key made up at start is the local content API's only key to drafts (and to members).
  const viewerToken = e.SANITY_VIEWER_TOKEN ?? (e.SANITY_PROJECT_ID ? undefined : randomBytes(24).toString('base64url'))
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY ?? false,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    connections: {
      // Behind a proxy every connection is the proxy's: one cap for everyone. The proxy limits there.
      perClient: e.CONNECTIONS_PER_CLIENT ?? (e.TRUST_PROXY ? 0 : DEFAULT_CONNECTIONS_PER_CLIENT),
      backlog: e.LISTEN_BACKLOG,
    },
    sanity: {
      projectId: e.SANITY_PROJECT_ID ?? 'local',
      dataset: e.SANITY_DATASET,
      apiVersion: e.SANITY_API_VERSION,
      hosted: e.SANITY_PROJECT_ID !== undefined,
      viewerToken,
      studioUrl: (e.SANITY_STUDIO_URL ?? 'http://localhost:3333').replace(/\/+$/, ''),
      localEditorToken: e.SANITY_LOCAL_EDITOR_TOKEN,
      membersToken: e.SANITY_MEMBERS_TOKEN ?? viewerToken,
    },
    launch: {
      people: {
        roles: e.LAUNCH_PEOPLE_ROLES === 'none' ? [] : (e.LAUNCH_PEOPLE_ROLES ?? ['administrator']),
        users: e.LAUNCH_PEOPLE_USERS ?? [],
      },
    },
    seedDir: e.SEED_DIR,
    contentQueries: {
      workers: e.CONTENT_QUERY_WORKERS,
      timeLimitMs: e.CONTENT_QUERY_TIME_LIMIT_MS,
      workerMemoryMb: e.CONTENT_QUERY_WORKER_MEMORY_MB,
      answerLimitBytes: e.CONTENT_QUERY_ANSWER_LIMIT_KB * 1024,
      queue: e.CONTENT_QUERY_QUEUE,
      maxQueryChars: e.CONTENT_QUERY_MAX_CHARS,
    },
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    lockWaitSeconds: e.PGLITE_LOCK_WAIT_SECONDS,
    backups: { everyMs: e.BACKUP_EVERY, keep: e.BACKUP_KEEP, dir: e.BACKUP_DIR },
    metricsToken: e.METRICS_TOKEN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      sweepMs: e.MAIL_SWEEP_SECONDS * 1000,
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
          ? { domainName: e.DKIM_DOMAIN.toLowerCase(), keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY }
          : undefined,
      delivery: deliveryPolicyOf(e),
    },
    webhooks: {
      policy: webhookPolicyOf(e),
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      sweepMs: e.WEBHOOK_SWEEP_SECONDS * 1000,
    },
    invites: { activationKey: e.INVITE_ACTIVATION_KEY },
    referrals: { creditsPerHour: e.REFERRAL_CREDITS_PER_HOUR, emailGapMinutes: e.REFERRAL_EMAIL_GAP_MINUTES },
    links: {
      secret: e.LINK_SECRET,
      retentionDays: e.UNCONFIRMED_RETENTION_DAYS,
      removalMemoryDays: e.REMOVAL_MEMORY_DAYS,
      rate: e.LINK_RATE_LIMIT ?? DEFAULT_LINK_RATE,
    },
    abuse: {
      limits: {
        ...(e.SIGNUP_LIMIT ? { signup: e.SIGNUP_LIMIT } : {}),
        ...(e.WELCOME_LIMIT_PER_CLIENT ? { welcome_client: e.WELCOME_LIMIT_PER_CLIENT } : {}),
        ...(e.WELCOME_LIMIT_PER_RECIPIENT ? { welcome_recipient: e.WELCOME_LIMIT_PER_RECIPIENT } : {}),
      },
      // Unset: the sign-up backend generates a key once and keeps it in the database, for every process sharing it.
      captcha: e.CAPTCHA === 'off' ? undefined : { hmacKey: e.ALTCHA_HMAC_KEY },
    },
    contentLimits: {
      rate: {
        query: e.QUERY_RATE_LIMIT ?? DEFAULT_RATES.query,
        images: e.IMAGE_RATE_LIMIT ?? DEFAULT_RATES.images,
        live: e.LIVE_RATE_LIMIT ?? DEFAULT_RATES.live,
      },
      liveStreams: { perClient: e.LIVE_STREAMS_PER_CLIENT, total: e.LIVE_STREAMS_TOTAL, idleMs: e.LIVE_IDLE_MINUTES * 60_000 },
      imageRenders: {
        atOnce: e.IMAGE_RENDERS_AT_ONCE,
        queued: e.IMAGE_RENDER_QUEUE,
        maxCost: e.IMAGE_RENDER_MAX_MEGAPIXELS * 1e6,
        timeoutSeconds: e.IMAGE_RENDER_TIMEOUT_SECONDS,
      },
    },
    supabase:
      e.SUPABASE_URL && e.SUPABASE_ANON_KEY
        ? {
            url: e.SUPABASE_URL,
            anonKey: e.SUPABASE_ANON_KEY,
            hosted: true,
            ...(e.SUPABASE_SECRET_KEY ? { secretKey: e.SUPABASE_SECRET_KEY } : {}),
          }
        : { url: '', anonKey: 'local-anon-key', hosted: false },
    analytics: {
      retentionMonths: e.ANALYTICS_RETENTION_MONTHS,
      perClient: e.ANALYTICS_LIMIT ?? DEFAULT_COUNTED_PER_CLIENT,
    },
  }
}
