// Runtime wiring for the Deno edge functions: environment, database pool, mailer.
// The logic they run lives in runtime-free modules beside this one.
import pg from 'pg'
import { createResendMailer, type Mailer } from './mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'
import { createWelcomeStore } from './welcome-store.ts'
import { createRequestLimits } from './request-limits.ts'
import type { Log } from './http.ts'
import type { DeliverDependencies } from './deliver-welcomes.ts'

export function required(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`Missing environment variable ${name} (see README, "Deploy on Supabase and Sanity").`)
  return value
}

export const log: Log = (level, message, details) => console[level](JSON.stringify({ level, message, ...details }))

function mailerFromEnv(): Mailer {
  const resendKey = Deno.env.get('RESEND_API_KEY')
  if (resendKey) return createResendMailer(resendKey)
  const smtpUrl = Deno.env.get('SMTP_URL')
  if (smtpUrl) return createSmtpMailer(smtpUrl)
  throw new Error('Set RESEND_API_KEY (Supabase) or SMTP_URL (elsewhere) so welcomes can be delivered.')
}

export const pool = new pg.Pool({ connectionString: required('SUPABASE_DB_URL'), max: 3 })
export const store = createWelcomeStore(pool)
export const limits = createRequestLimits(pool)

export function deliveryFromEnv(): DeliverDependencies {
  return {
    store,
    mailer: mailerFromEnv(),
    from: required('MAIL_FROM'),
    brand: { name: Deno.env.get('BRAND_NAME') ?? 'Pulso', contactEmail: Deno.env.get('CONTACT_EMAIL') ?? required('MAIL_FROM') },
    log,
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
