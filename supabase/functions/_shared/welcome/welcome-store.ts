import type { DeliveryPolicy } from '../delivery/delivery-policy.ts'
import type { FailureKind } from '../delivery/mailer.ts'
import type { Sql } from '../runtime/sql.ts'
import type { Locale } from './welcome-email.ts'

/**
 * A message in the mail outbox: a welcome (which is also the double opt-in confirmation), an
 * invitation a wave sent (migration 20261127090000), with the code its trial link carries, or a
 * confirmed person's place email (migration 20261129090100), with their standing as claimed, or
 * a message of an update (migration 20261206090000), with the update and the document it is written from.
 */
export interface PendingWelcome {
  id: number
  kind: 'welcome' | 'invitation' | 'standing' | 'update'
  /** The invitation's code, which the product reports when the person activates; null for a welcome. */
  inviteCode: string | null
  /** For a place email, where its person stands (referrals.standing, read when claimed); otherwise null. */
  standing?: unknown
  /** When the message was queued (ms since the epoch): a place email is queued again each time the place changes. */
  queuedAt?: number
  /** For an update's message: the update, the Studio document it is written from, and the reader's place in line (null once not waiting). */
  updateId?: string
  documentId?: string
  place?: number | null
  /** The waitlist entry it welcomes: stable and unique, whatever the database; the personal links act on it. */
  waitlistId: string
  email: string
  name: string
  locale: Locale
  attempts: number
}

/** What became of a welcome request: over a limit (seconds to wait), or what the outbox holds now. */
export type RecordOutcome =
  { outcome: 'limited'; wait: number } | { outcome: 'recorded' | 'already' | 'not_listed' | 'mailbox_full' | 'unknown_consent' }

export interface Claim {
  welcomes: PendingWelcome[]
  /** 0: the batch was full, claim again now; n: the rate allows more in n seconds; null: nothing else is due. */
  claimAgainIn: number | null
}

export interface OutboxCounts {
  pending: number
  failed: number
  /** Age of the oldest welcome still pending, in seconds; null when none is. */
  oldestPendingSeconds: number | null
}

const seconds = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** The waitlist and the welcome outbox, read and written with the server's own rights (not anon's). */
export function createWelcomeStore(sql: Sql) {
  return {
    /**
     * Records the welcome of an address on the waitlist, in one call (guard.record_welcome): the
     * client's limit first, read from the request's headers as the pre-request hook reads them;
     * then 'recorded' for a listed address not welcomed before while its mailbox has room,
     * 'already' when it was welcomed before, 'mailbox_full' when its inbox had its share of
     * welcomes for now, 'not_listed' when the address is not on the waitlist, whatever its case.
     * Before the address is looked up, `currentConsentVersion` (the privacy note's, from the
     * content) is recorded among the note's versions, and a consent version the note never had is
     * 'unknown_consent'.
     */
    async record(
      welcome: { email: string; name: string; locale: Locale; consentVersion?: string },
      client: Headers,
      currentConsentVersion?: string,
    ): Promise<RecordOutcome> {
      const { rows } = await sql.query<{ wait: number; outcome: RecordOutcome['outcome'] }>(
        'select wait, outcome from guard.record_welcome($1::json, $2, $3, $4, $5, $6)',
        [
          JSON.stringify(Object.fromEntries(client)),
          welcome.email,
          welcome.name,
          welcome.locale,
          welcome.consentVersion ?? null,
          currentConsentVersion ?? null,
        ],
      )
      const row = rows[0]
      if (!row) throw new Error('guard.record_welcome answered no row')
      return row.outcome === 'limited' ? { outcome: 'limited', wait: row.wait } : { outcome: row.outcome }
    },

    /**
     * Leases up to `limit` due messages to this sender, within the global rate (migration
     * 20261123110000); update messages only behind the rest, within the update rate (20261206090000).
     */
    async claimDue(
      limit: number,
      { leaseSeconds, perSecond, updatePerSecond }: Pick<DeliveryPolicy, 'leaseSeconds' | 'perSecond' | 'updatePerSecond'>,
    ): Promise<Claim> {
      const { rows } = await sql.query<{ claim: { welcomes: PendingWelcome[]; claim_again_in: number | string | null } }>(
        'select public.claim_due_welcomes($1, $2, $3, $4) as claim',
        [limit, leaseSeconds, perSecond, updatePerSecond],
      )
      const claim = rows[0]?.claim
      return { welcomes: claim?.welcomes ?? [], claimAgainIn: seconds(claim?.claim_again_in) }
    },

    /**
     * Keeps holding messages still being sent: pending ones, and update messages recorded as sent whose
     * 250 has not been recorded yet (still in flight, not unconfirmed: decision 0091). A message
     * recorded and accepted, or given up, is left as it is.
     */
    async renewLeases(ids: number[], leaseSeconds: number): Promise<void> {
      await sql.query(
        `update public.welcome_emails
         set leased_until = now() + make_interval(secs => $2),
             next_attempt_at = case when status = 'pending' then now() + make_interval(secs => $2) else next_attempt_at end
         where id = any($1::bigint[]) and status in ('pending', 'sent') and leased_until is not null`,
        [ids, leaseSeconds],
      )
    },

    /** Records messages sent; an update's last one completes it (public.mail_sent). */
    async markSent(ids: number[]): Promise<void> {
      await sql.query('select public.mail_sent($1::bigint[])', [ids])
    },

    /**
     * Records messages sent before the mail service can accept them (decision 0088), those still
     * pending, and answers their ids: one missing was recorded already (another sender holding it since
     * its lease ran out) and must not be sent. Several in one transaction (decision 0099). Each stays
     * unconfirmed, held for `leaseSeconds` (renewed while in flight), until `markAccepted`.
     */
    async markSentOnce(ids: number[], leaseSeconds: number): Promise<Set<number>> {
      const { rows } = await sql.query<{ recorded: (number | string)[] }>(
        'select public.mail_sent_ids($1::bigint[], $2) as recorded',
        [ids, leaseSeconds],
      )
      return new Set((rows[0]?.recorded ?? []).map(Number))
    },

    /** Records the mail service's 250 for messages recorded as sent before it (public.mail_accepted, decision 0091). */
    async markAccepted(ids: number[]): Promise<void> {
      await sql.query('select public.mail_accepted($1::bigint[])', [ids])
    },

    /**
     * Takes back a message recorded as sent that the mail service then refused (public.mail_unsent):
     * pending again and still held for `leaseSeconds`, its update's count and completion undone, so
     * that its failure is recorded as any other's.
     */
    async takeBackSent(id: number, leaseSeconds: number): Promise<void> {
      await sql.query('select public.mail_unsent($1, $2)', [id, leaseSeconds])
    },

    /**
     * Counts a failed try (public.mail_failed). A rejected or unsendable message, or one past its last
     * try or its maximum age, is marked failed, and a rejected one marks its inbox undeliverable; any other is
     * due again after a backoff (retrySeconds doubling, at most 15 times it, give or take a fifth so
     * that messages failing together are not retried together).
     */
    async markFailed(
      id: number,
      reason: string,
      kind: Exclude<FailureKind, 'unavailable'>,
      { retrySeconds, maxAttempts, maxAgeSeconds }: Pick<DeliveryPolicy, 'retrySeconds' | 'maxAttempts' | 'maxAgeSeconds'>,
    ): Promise<'failed' | 'pending'> {
      const { rows } = await sql.query<{ status: 'failed' | 'pending' }>(
        'select public.mail_failed($1, $2, $3, $4, $5, $6) as status',
        [id, reason, kind, maxAttempts, maxAgeSeconds, retrySeconds],
      )
      return rows[0]?.status ?? 'pending'
    },

    /** Gives welcomes back without counting a try (the mail service was away, or the sender is stopping). */
    async release(ids: number[], afterSeconds: number, reason: string | null): Promise<void> {
      await sql.query(
        `update public.welcome_emails
         set leased_until = null, next_attempt_at = now() + make_interval(secs => $2), last_error = coalesce(left($3, 1000), last_error)
         where id = any($1::bigint[]) and status = 'pending'`,
        [ids, afterSeconds, reason],
      )
    },

    /**
     * Makes every leased welcome due now. Only for a sender that knows no other sender is running
     * (the embedded database admits one process): the leases are a dead process's.
     */
    async releaseAbandoned(): Promise<number> {
      const { rows } = await sql.query(
        `update public.welcome_emails set leased_until = null, next_attempt_at = now()
         where status = 'pending' and leased_until is not null
         returning id`,
      )
      return rows.length
    },

    /** Seconds until the next pending welcome is due (0: now); null when none is pending. */
    async nextDueIn(): Promise<number | null> {
      const { rows } = await sql.query<{ due_in: number | string | null }>(
        // greatest() skips nulls: with nothing pending it would say 0, not null.
        `select case when due is not null then greatest(extract(epoch from due - now()), 0) end as due_in
         from (select min(next_attempt_at) as due from public.welcome_emails as mail
               where status = 'pending'
                 -- A paused update's messages wait for Resume, which kicks the sender.
                 and not exists (select from updates.updates as u where u.id = mail.update_id and u.paused_at is not null)) as next`,
      )
      return seconds(rows[0]?.due_in)
    },

    async counts(): Promise<OutboxCounts> {
      const { rows } = await sql.query<{ pending: number; failed: number; oldest: number | string | null }>(
        `select count(*) filter (where status = 'pending')::int as pending,
                count(*) filter (where status = 'failed')::int as failed,
                extract(epoch from now() - min(created_at) filter (where status = 'pending')) as oldest
         -- An update's messages have progress of their own (updates.list), and may wait for their send time.
         from public.welcome_emails where status <> 'sent' and update_id is null`,
      )
      const row = rows[0]
      return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, oldestPendingSeconds: seconds(row?.oldest) }
    },
  }
}

export type WelcomeStore = ReturnType<typeof createWelcomeStore>
