// The webhook sender killed with SIGKILL twenty times while it delivers, on PostgreSQL, and started
// again each time as a supervisor would: no event is lost, and an event a dead process had in flight
// may arrive twice, but only ever under its own webhook-id (the receiver's idempotency key).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { eventually } from '../../test/eventually.ts'
import { serverSandbox, type ServerProcess, type ServerSandbox } from '../../test/server/server-process.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhooks/webhook-receiver.ts'
import { newWebhookSecret } from './webhook-admin.ts'

const EVENTS = 600
const KILLS = 20
/** WEBHOOK_PER_ENDPOINT's default: at most this many deliveries were in flight when a process died. */
const IN_FLIGHT = 5
/** Longer than any wait the sender may rightly make here (leases of 2 s, retries after 5 s). */
const STALL_MS = 60_000

describe('the webhook sender killed with SIGKILL while it delivers, on PostgreSQL', () => {
  let database: ThrowawayDatabase
  let sandbox: ServerSandbox
  let receiver: WebhookReceiver
  let db: pg.Client

  beforeAll(async () => {
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    sandbox = await serverSandbox()
    receiver = await startWebhookReceiver()
    db = new pg.Client({ connectionString: database.url })
    await db.connect()
  })

  afterAll(async () => {
    await db?.end()
    await receiver?.close()
    await sandbox?.remove()
    await database?.drop()
  })

  it(`loses none of ${EVENTS} events across ${KILLS} kills; a repeat is the same webhook-id`, { timeout: 600_000 }, async () => {
    const env = {
      DATABASE_URL: database.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '0.1',
      // Leases of twice the timeout: a dead process's deliveries are due again 2 s after it died.
      WEBHOOK_TIMEOUT_SECONDS: '1',
    }
    let server: ServerProcess = await sandbox.start(env)
    const secret = newWebhookSecret()
    receiver.secrets.push(secret)
    await db.query(`select webhooks.create_endpoint('pTest', $1, 'crash', array['waitlist.signup.created'], $2)`, [
      receiver.url,
      secret,
    ])
    receiver.delayMs = 20
    await db.query(
      `insert into public.waitlist (email, role) select 'crash-' || i || '@empresa.example', 'Team lead' from generate_series(1, $1) as i`,
      [EVENTS],
    )

    /** What the sender was doing, for a failure that says why rather than a test timing out. */
    const diagnosis = async (what: string) => {
      const { rows } = await db.query(
        `select status, attempts, count(*)::int as deliveries, count(*) filter (where leased_until > now())::int as leased,
                min(next_attempt_at - now())::text as next_due_in, max(last_error) as last_error
           from webhooks.deliveries group by 1, 2 order by 1, 2`,
      )
      return new Error(`${what}; ${receiver.received.length} answered; deliveries: ${JSON.stringify(rows)}\n${server.output()}`)
    }
    /** Until the receiver has answered `count`, failing if the server dies or nothing arrives for STALL_MS. */
    const untilReceived = async (count: number) => {
      let waiting = true
      let stall: NodeJS.Timeout | undefined
      const failed = new Promise<never>((_, reject) => {
        const fail = (what: string) => waiting && void diagnosis(what).then(reject)
        let seen = -1
        const look = () => {
          if (receiver.received.length === seen) return fail(`nothing delivered for ${STALL_MS} ms`)
          seen = receiver.received.length
          stall = setTimeout(look, STALL_MS)
        }
        look()
        // Only while waiting: once the count is reached, the test kills the server itself.
        void server.exited.then((how) => fail(`the server ended (${JSON.stringify(how)})`))
      })
      try {
        await Promise.race([receiver.untilReceived(count), failed])
      } finally {
        waiting = false
        clearTimeout(stall)
      }
    }

    for (let kill = 1; kill <= KILLS; kill += 1) {
      // Strike while deliveries are going out: a share more of the events has arrived since the last start.
      await untilReceived(Math.floor((EVENTS * kill) / (KILLS + 2)))
      process.kill(server.pid, 'SIGKILL')
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })
      server = await sandbox.start(env)
    }
    await eventually(
      async () =>
        (
          await db.query<{ delivered: number }>(
            `select count(*)::int as delivered from webhooks.deliveries where status = 'delivered'`,
          )
        ).rows[0]?.delivered,
      (delivered) => delivered === EVENTS,
      60_000,
    )
    process.kill(server.pid, 'SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })

    const idsByEmail = new Map<string, Set<string>>()
    for (const got of receiver.received) {
      const email = String(got.body?.data['email'])
      idsByEmail.set(email, (idsByEmail.get(email) ?? new Set()).add(got.id))
    }
    expect(idsByEmail.size).toBe(EVENTS)
    expect([...idsByEmail.values()].filter((ids) => ids.size !== 1)).toEqual([])
    expect(receiver.received.every((got) => got.verified[0])).toBe(true)
    const repeats = receiver.received.length - EVENTS
    expect(repeats).toBeLessThanOrEqual(KILLS * IN_FLIGHT)
    console.info(
      `[webhook crash] ${EVENTS} events, ${KILLS} SIGKILLs: 0 lost, ${repeats} delivered twice under the same webhook-id`,
    )
  })
})
