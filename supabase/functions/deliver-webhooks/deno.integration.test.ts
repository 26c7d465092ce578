// deliver-webhooks under Deno (as the hosted project runs it every 10 s), against a throwaway
// PostgreSQL database and a receiver on loopback that verifies each event with standardwebhooks:
// the same outbox, signatures and address guard as the self-hosted sender.
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
/* eslint-disable no-restricted-imports -- the test sets the database up with the server's own migrator, as the self-hosted server does */
import { openDatabase, type Database } from '../../../server/db/database.ts'
import { migrate } from '../../../server/db/migrate.ts'
/* eslint-enable no-restricted-imports */
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/database/throwaway-postgres.ts'
import { KEYS, ROOT, START_TIMEOUT_MS, startFunction, stopFunction, type EdgeFunction } from '../../../test/deno/edge-function.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhooks/webhook-receiver.ts'

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes').toString('base64')}`

describe('deliver-webhooks under Deno on PostgreSQL', () => {
  let database: ThrowawayDatabase
  let db: Database
  let receiver: WebhookReceiver
  let deliverWebhooks: EdgeFunction

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    receiver.secrets.push(SECRET)
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    db = await openDatabase({ databaseUrl: database.url, dataDir: ROOT })
    await migrate(db, resolve(ROOT, 'supabase/migrations'))
    await db.query(`select webhooks.create_endpoint('pTest', $1, 'deno', array['waitlist.signup.created'], $2)`, [
      receiver.url,
      SECRET,
    ])
    deliverWebhooks = await startFunction('deliver-webhooks', {
      SUPABASE_DB_URL: database.url,
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: KEYS.secret }),
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: KEYS.publishable }),
      WEBHOOK_ALLOW_PRIVATE: 'true',
    })
  }, START_TIMEOUT_MS + 30_000)

  afterAll(async () => {
    await stopFunction(deliverWebhooks)
    await db?.close()
    await database?.drop()
    await receiver?.close()
  })

  const sweep = (key: string) =>
    fetch(deliverWebhooks.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: '{}',
    })

  it('delivers the sign-ups the database recorded, each verified by the receiver', async () => {
    for (const email of ['a@deno.example', 'b@deno.example', 'c@deno.example']) {
      await db.queryAsAnon(`insert into public.waitlist (email, role, company_size) values ($1, 'Team lead', 'unknown')`, [email])
    }
    const response = await sweep(KEYS.secret)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ delivered: 3, retried: 0, failed: 0, retryIn: null })
    expect(receiver.received.map((got) => [got.verified, got.body?.data['email']])).toEqual([
      [[true], 'a@deno.example'],
      [[true], 'b@deno.example'],
      [[true], 'c@deno.example'],
    ])
  })

  it('refuses an endpoint at a private address when it connects, and records why', async () => {
    await db.query(`update webhooks.endpoints set url = 'https://10.0.0.8/hooks'`)
    await db.queryAsAnon(
      `insert into public.waitlist (email, role, company_size) values ('d@deno.example', 'Team lead', 'unknown')`,
    )
    // Tried, retried at once, and again 5 s later within the same run (the schedule's first two retries).
    expect((await (await sweep(KEYS.secret)).json()) as Record<string, unknown>).toMatchObject({
      delivered: 0,
      retried: 3,
      failed: 0,
    })
    const { rows } = await db.query<{ last_error: string }>(`select last_error from webhooks.deliveries where status = 'pending'`)
    expect(rows).toEqual([{ last_error: expect.stringMatching(/10\.0\.0\.8 is a private address/) as unknown }])
    expect(receiver.received).toHaveLength(3)
  })

  it('answers only the secret key', async () => {
    expect((await sweep(KEYS.publishable)).status).toBe(401)
  })
})
