import { z } from 'zod'
import { parseEnvShape } from '../runtime/env-shape.ts'

/**
 * Seconds before each retry of a failed delivery, the Standard Webhooks reference schedule: at once,
 * then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; a delivery still failing after the last retry
 * is given up (the first attempt and eight retries).
 */
export const STANDARD_RETRY_SCHEDULE = [0, 5, 300, 1_800, 7_200, 18_000, 36_000, 36_000]

/** How webhooks are delivered; the same variables configure the server and the edge function. */
export interface WebhookPolicy {
  /** Deliveries one sender has in flight at once, across endpoints. */
  concurrency: number
  /** Deliveries in flight to one endpoint, across senders: a slow receiver holds no more than this. */
  perEndpoint: number
  /** The longest one attempt may take, connection and answer included. */
  timeoutSeconds: number
  /** Seconds before each retry (see STANDARD_RETRY_SCHEDULE). */
  retrySchedule: number[]
  /** An endpoint whose every attempt has failed for this long is disabled. */
  disableAfterSeconds: number
  /** How long a claimed delivery is held (renewed while it is in flight). */
  leaseSeconds: number
}

const schedule = z
  .string()
  .regex(
    /^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){0,19}\s*$/,
    'a comma-separated list of up to 20 delays in seconds, such as "0,5,300"',
  )
  .transform((text) => text.split(',').map(Number))

/** The variables, validated; the server adds them to its own schema, the function parses them alone. */
export const webhookEnvShape = {
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
  WEBHOOK_PER_ENDPOINT: z.coerce.number().int().min(1).max(50).default(5),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(15),
  WEBHOOK_RETRY_SCHEDULE: schedule.default(() => [...STANDARD_RETRY_SCHEDULE]),
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().positive().max(90).default(5),
}

type WebhookEnv = z.output<z.ZodObject<typeof webhookEnvShape>>

export function webhookPolicyOf(env: WebhookEnv): WebhookPolicy {
  return {
    concurrency: env.WEBHOOK_CONCURRENCY,
    perEndpoint: env.WEBHOOK_PER_ENDPOINT,
    timeoutSeconds: env.WEBHOOK_TIMEOUT_SECONDS,
    retrySchedule: env.WEBHOOK_RETRY_SCHEDULE,
    disableAfterSeconds: env.WEBHOOK_DISABLE_AFTER_DAYS * 86_400,
    // Longer than an attempt may take, so a lease runs out only when its sender is gone.
    leaseSeconds: env.WEBHOOK_TIMEOUT_SECONDS * 2,
  }
}

/** For the edge function, which has no configuration schema of its own. */
export const webhookPolicyFromEnv = (env: Record<string, string | undefined>): WebhookPolicy =>
  webhookPolicyOf(parseEnvShape(webhookEnvShape, env, 'webhook settings'))
