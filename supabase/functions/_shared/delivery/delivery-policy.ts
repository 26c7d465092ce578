import { z } from 'zod'
import { parseEnvShape } from '../runtime/env-shape.ts'

/** How welcomes are sent and retried; the same variables configure the server and the edge functions. */
export interface DeliveryPolicy {
  /** Messages one sender has in flight at once (and SMTP connections it keeps open). */
  concurrency: number
  /** Welcomes per second across every sender, what the mail provider allows; null: no limit. */
  perSecond: number | null
  /**
   * Update messages at most per second across every sender, counted over a sliding second as
   * providers count it (UPDATE_RATE); they go only where the other mail left room. null: no limit.
   */
  updatePerSecond: number | null
  /** How long a claimed welcome is held; the sender renews the lease while it still has the welcome. */
  leaseSeconds: number
  /** The first retry after a failure comes this many seconds later, then twice as late each time, at most 15 times this. */
  retrySeconds: number
  /** A welcome that keeps failing is given up on after this many tries… */
  maxAttempts: number
  /** …or once it is this old. */
  maxAgeSeconds: number
}

/** The variables, validated; the server adds them to its own schema, the functions parse them alone. */
export const deliveryEnvShape = {
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  MAIL_RATE_PER_SECOND: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().positive().optional()),
  UPDATE_RATE: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().positive().max(10_000).optional()),
  MAIL_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(5),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.1).max(600).default(2),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
  MAIL_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
}

type DeliveryEnv = z.output<z.ZodObject<typeof deliveryEnvShape>>

export function deliveryPolicyOf(env: DeliveryEnv): DeliveryPolicy {
  return {
    concurrency: env.MAIL_CONCURRENCY,
    perSecond: env.MAIL_RATE_PER_SECOND ?? null,
    updatePerSecond: env.UPDATE_RATE ?? null,
    leaseSeconds: env.MAIL_LEASE_SECONDS,
    retrySeconds: env.MAIL_RETRY_SECONDS,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    maxAgeSeconds: env.MAIL_MAX_AGE_HOURS * 3600,
  }
}

/** For the edge functions, which have no configuration schema of their own. */
export const deliveryPolicyFromEnv = (env: Record<string, string | undefined>): DeliveryPolicy =>
  deliveryPolicyOf(parseEnvShape(deliveryEnvShape, env, 'mail settings'))
