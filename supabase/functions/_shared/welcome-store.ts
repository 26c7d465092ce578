import type { Sql } from './sql.ts'
import type { Locale } from './welcome-email.ts'

export interface PendingWelcome {
  id: number
  /** The place on the waitlist the welcome's personal links act on. */
  waitlistId: string
  email: string
  name: string
  locale: Locale
  attempts: number
}

/** A claimed welcome is leased for this long, so two senders never deliver it twice at once. */
const LEASE = '5 minutes'

/** The waitlist and the welcome outbox, read and written with the server's own rights (not anon's). */
export function createWelcomeStore(sql: Sql) {
  return {
    async findWaitlistId(email: string): Promise<string | undefined> {
      const { rows } = await sql.query<{ id: string }>('select id from public.waitlist where lower(email) = lower($1)', [email])
      return rows[0]?.id
    },

    /** 'recorded' the first time; 'already' when this address was welcomed before (unique waitlist_id). */
    async record(welcome: {
      waitlistId: string
      email: string
      name: string
      locale: Locale
      consentVersion: string | undefined
    }): Promise<'recorded' | 'already'> {
      const { rows } = await sql.query(
        `insert into public.welcome_emails (waitlist_id, email, name, locale, consent_version)
         values ($1, lower($2), $3, $4, $5)
         on conflict (waitlist_id) do nothing
         returning id`,
        [welcome.waitlistId, welcome.email, welcome.name, welcome.locale, welcome.consentVersion ?? null],
      )
      return rows.length > 0 ? 'recorded' : 'already'
    },

    /** Takes up to `limit` due welcomes and leases them to this sender. */
    async claimDue(limit: number): Promise<PendingWelcome[]> {
      const { rows } = await sql.query<PendingWelcome>(
        `update public.welcome_emails set next_attempt_at = now() + interval '${LEASE}'
         where id in (
           select id from public.welcome_emails
           where status = 'pending' and next_attempt_at <= now()
           order by next_attempt_at
           limit $1
           for update skip locked
         )
         returning id, waitlist_id as "waitlistId", email, name, locale, attempts`,
        [limit],
      )
      return rows
    },

    async markSent(id: number): Promise<void> {
      await sql.query(
        `update public.welcome_emails set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = $1`,
        [id],
      )
    },

    /** Backoff: 30 s, 1 min, 2 min … capped at an hour; it keeps trying until delivery succeeds. */
    async markFailed(id: number, error: string): Promise<void> {
      await sql.query(
        `update public.welcome_emails
         set attempts = attempts + 1,
             last_error = left($2, 1000),
             next_attempt_at = now() + least(interval '30 seconds' * power(2, attempts), interval '1 hour')
         where id = $1`,
        [id, error],
      )
    },
  }
}

export type WelcomeStore = ReturnType<typeof createWelcomeStore>
