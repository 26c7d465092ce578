// Runtime wiring for the Deno edge functions: environment, database pool, mailer.
// The logic they run lives in runtime-free modules beside this one.
import pg from 'pg'
import { deliveryPolicyFromEnv } from './delivery-policy.ts'
import { createResendMailer, type Mailer } from './mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'
import { createWelcomeStore } from './welcome-store.ts'
import type { Log } from './http.ts'
import type { DeliverDependencies } from './deliver-welcomes.ts'

function required(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`Missing environment variable ${name} (see README, "Deploy on Supabase and Sanity").`)
  return value
}

export const log: Log = (level, message, details) => console[level](JSON.stringify({ level, message, ...details }))

/** How long one invocation keeps delivering: well inside the platform's wall-clock limit (150 s on the free plan). */
export const DELIVERY_BUDGET_MS = 20_000

const policy = deliveryPolicyFromEnv(Deno.env.toObject())

function mailerFromEnv(): Mailer {
  const resendKey = Deno.env.get('RESEND_API_KEY')
  if (resendKey) return createResendMailer(resendKey)
  const smtpUrl = Deno.env.get('SMTP_URL')
  if (smtpUrl) return createSmtpMailer(smtpUrl, { connections: policy.concurrency })
  throw new Error('Set RESEND_API_KEY (Supabase) or SMTP_URL (elsewhere) so welcomes can be delivered.')
}

const pool = new pg.Pool({ connectionString: required('SUPABASE_DB_URL'), max: 3, connectionTimeoutMillis: 5_000 })
// A pooled connection the database dropped is replaced on the next query; unhandled, it would end the worker.
pool.on('error', (error) => log('warn', 'database connection lost', { error: error.message }))
pool.on('connect', (client) => client.on('error', () => undefined))
export const store = createWelcomeStore(pool)

export function deliveryFromEnv(): DeliverDependencies {
  return {
    store,
    mailer: mailerFromEnv(),
    from: required('MAIL_FROM'),
    brand: { name: Deno.env.get('BRAND_NAME') ?? 'Pulso', contactEmail: Deno.env.get('CONTACT_EMAIL') ?? required('MAIL_FROM') },
    log,
    policy,
  }
}

/** Finishes work after the response where the platform allows it (Supabase's EdgeRuntime). */
export function inBackground(task: Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void } }).EdgeRuntime
  const guarded = task.catch((error: unknown) => log('error', 'background task failed', { error: String(error) }))
  runtime?.waitUntil(guarded)
}

export function port(): number {
  return Number(Deno.env.get('PORT') ?? 8000)
}
