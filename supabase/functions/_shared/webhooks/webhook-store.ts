import type { Sql } from '../runtime/sql.ts'
import type { WebhookPolicy } from './webhook-policy.ts'

/** A delivery a sender holds: what it signs and posts. */
export interface ClaimedDelivery {
  id: number
  /** The webhook-id: the same for every endpoint and every attempt. */
  eventId: string
  attempts: number
  endpointId: string
  url: string
  /** The endpoint's secret, and the one before a rotation while it still signs. */
  secrets: string[]
  payload: unknown
}

export type AttemptOutcome = 'delivered' | 'pending' | 'failed' | 'gone'

/** The webhook outbox (migration 20261126090000), read and written with the server's own rights. */
export function createWebhookStore(sql: Sql) {
  return {
    async claimDue(limit: number, { leaseSeconds, perEndpoint }: Pick<WebhookPolicy, 'leaseSeconds' | 'perEndpoint'>) {
      const { rows } = await sql.query<{ claimed: ClaimedDelivery[] }>('select webhooks.claim_due($1, $2, $3) as claimed', [
        limit,
        leaseSeconds,
        perEndpoint,
      ])
      return rows[0]?.claimed ?? []
    },

    /** Records an attempt: the receiver's status (null when none came) and what went wrong. */
    async recordAttempt(
      id: number,
      status: number | null,
      error: string | null,
      { retrySchedule, disableAfterSeconds }: Pick<WebhookPolicy, 'retrySchedule' | 'disableAfterSeconds'>,
    ): Promise<AttemptOutcome> {
      const { rows } = await sql.query<{ outcome: AttemptOutcome }>(
        'select webhooks.record_attempt($1, $2, $3, $4::double precision[], $5) as outcome',
        [id, status, error, retrySchedule, disableAfterSeconds],
      )
      return rows[0]?.outcome ?? 'gone'
    },

    async renew(ids: number[], leaseSeconds: number): Promise<void> {
      await sql.query('select webhooks.renew($1::bigint[], $2)', [ids, leaseSeconds])
    },

    async release(ids: number[]): Promise<void> {
      await sql.query('select webhooks.release($1::bigint[])', [ids])
    },

    /** Only for a sender that knows no other runs (the embedded database): the leases are a dead process's. */
    async releaseAbandoned(): Promise<number> {
      const { rows } = await sql.query<{ released: number }>('select webhooks.release_abandoned() as released')
      return rows[0]?.released ?? 0
    },

    /** Seconds until a delivery falls due (0: now); null when none is pending. */
    async nextDueIn(): Promise<number | null> {
      const { rows } = await sql.query<{ due: number | string | null }>('select webhooks.next_due_in() as due')
      const due = rows[0]?.due
      return due === null || due === undefined ? null : Number(due)
    },
  }
}

export type WebhookStore = ReturnType<typeof createWebhookStore>
