// The retry schedule as README ("Webhooks") and decision 0044 state it, on both databases: a failed
// delivery is retried at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up.
// The delays are read from the database's own times (last attempt, next attempt), not from a clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'
import { createWebhookStore } from '../../supabase/functions/_shared/webhooks/webhook-store.ts'
import { STANDARD_RETRY_SCHEDULE } from '../../supabase/functions/_shared/webhooks/webhook-policy.ts'

const FIVE_DAYS = 5 * 86_400

describe.each(databaseKinds)('webhook retries on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())

  it('retries at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', async () => {
    const { db } = database
    const store = createWebhookStore(db)
    const { rows: made } = await db.query<{ endpoint: { id: string } }>(
      `select webhooks.create_endpoint('pTester', 'https://hooks.example/x', '', array['waitlist.signup.created'], 'whsec_' || repeat('A', 43)) as endpoint`,
    )
    await db.query(`select webhooks.send_test('pTester', $1)`, [made[0]!.endpoint.id])
    const { rows } = await db.query<{ id: number }>('select id from webhooks.deliveries')
    const id = Number(rows[0]!.id)

    const delays: number[] = []
    let outcome = 'pending'
    while (outcome === 'pending' && delays.length <= STANDARD_RETRY_SCHEDULE.length) {
      outcome = await store.recordAttempt(id, 503, 'The endpoint answered 503.', {
        retrySchedule: STANDARD_RETRY_SCHEDULE,
        disableAfterSeconds: FIVE_DAYS,
      })
      const { rows: after } = await db.query<{ delay: number; status: string }>(
        `select extract(epoch from next_attempt_at - last_attempt_at)::float8 as delay, status from webhooks.deliveries where id = $1`,
        [id],
      )
      if (after[0]!.status === 'pending') delays.push(Math.round(after[0]!.delay))
      // The next attempt is taken now, whatever the delay: the test walks the schedule, not the clock.
      await db.query('update webhooks.deliveries set next_attempt_at = now() where id = $1', [id])
    }

    expect(delays).toEqual([0, 5, 300, 1_800, 7_200, 18_000, 36_000, 36_000])
    expect(outcome).toBe('failed')
    const { rows: last } = await db.query<{ attempts: number }>('select attempts from webhooks.deliveries where id = $1', [id])
    // The first attempt and its eight retries.
    expect(last[0]!.attempts).toBe(9)
  })
})
