// Signed webhooks on both databases, end to end: endpoints added through the Launch tool's API (the
// Studio's handshake), events written by the database as sign-ups and erasures happen, delivered by
// the server's sender to receivers on loopback that verify each one with the standardwebhooks
// package. The retry schedule is scaled down (the spec's delays as fractions of a second), so a
// receiver "down for ten minutes" is down for a few of its retries.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhooks/webhook-receiver.ts'
import type { WebhookDelivery, WebhookEndpoint } from './webhook-admin.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const ANON_KEY = 'local-anon-key'
const AT_ONCE = 20

describe.each(databaseVariants)('signed webhooks on $name', ({ name, database }) => {
  // The thousand of issue 24 on the production database; the embedded one, a single thread for
  // sign-ups and deliveries alike, is held to the same checks on fewer.
  const EVENTS = name === 'PostgreSQL' ? 1_000 : 200
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let cookie: string
  const receivers: WebhookReceiver[] = []

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    server = await startTestServer({
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
      SIGNUP_LIMIT: '100000/1m',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '0.1',
      WEBHOOK_RETRY_SCHEDULE: '0,0.2,0.4,0.6,0.8,1,1,1',
      // Long enough that a receiver's prompt answer, read late by a busy machine, is never taken for a
      // timeout and sent again (at 2 s, 4 of 1,000 came twice under load 16).
      WEBHOOK_TIMEOUT_SECONDS: '10',
      CAPTCHA: 'off',
      ...throwaway.env,
    })
    cookie = await launchCookie(server.url, EDITOR_TOKEN)
  }, 60_000)

  afterAll(async () => {
    // Receivers first: the deliveries a slow one still holds end, so the server's sender stops at once.
    await Promise.all(receivers.map((receiver) => receiver.close()))
    await server?.close()
    await dropDatabase?.()
  })

  const tool = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${server.url}/api/launch${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: STUDIO_ORIGIN, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }

  // Each test's endpoints go with it: the next one's receivers hear only of their own events.
  afterEach(async () => {
    const { body } = await tool<{ endpoints: WebhookEndpoint[] }>('/webhooks')
    for (const endpoint of body.endpoints) await tool(`/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  async function receiverWithEndpoint(events: string[], path?: string) {
    const receiver = await startWebhookReceiver(path)
    receivers.push(receiver)
    const created = await tool<{ endpoint: WebhookEndpoint; secret: string }>('/webhooks', {
      method: 'POST',
      body: { url: receiver.url, description: 'tests', events },
    })
    expect(created.status).toBe(201)
    receiver.secrets.push(created.body.secret)
    return { receiver, endpoint: created.body.endpoint }
  }

  const endpointNow = async (id: string) =>
    (await tool<{ endpoints: WebhookEndpoint[] }>('/webhooks')).body.endpoints.find((endpoint) => endpoint.id === id)

  async function signUp(email: string) {
    const response = await fetch(`${server.url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ email, role: 'Head of People', company_size: 'unknown' }),
    })
    expect(response.status).toBe(201)
  }

  const placeId = async (email: string) => {
    const { rows } = await server.backend.db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])
    return rows[0]!.id
  }

  it(`delivers ${EVENTS.toLocaleString('en')} sign-ups, each verified by the receiver, each once`, async () => {
    const { receiver, endpoint } = await receiverWithEndpoint(['waitlist.signup.created'])
    const emails = Array.from({ length: EVENTS }, (_, i) => `person-${i}@bulk.example`)
    for (let i = 0; i < emails.length; i += AT_ONCE) await Promise.all(emails.slice(i, i + AT_ONCE).map(signUp))
    await receiver.untilReceived(EVENTS)

    expect(receiver.received.filter((got) => got.verified[0]).length).toBe(EVENTS)
    expect(new Set(receiver.received.map((got) => got.id)).size).toBe(EVENTS)
    expect(receiver.received.every((got) => /^msg_[0-9a-f]{32}$/.test(got.id))).toBe(true)
    expect(new Set(receiver.received.map((got) => got.body?.data['email']))).toEqual(new Set(emails))
    expect(receiver.received[0]?.body).toMatchObject({ type: 'waitlist.signup.created', data: { role: 'Head of People' } })
    await vi.waitFor(async () =>
      expect((await endpointNow(endpoint.id))?.deliveries).toEqual({ pending: 0, delivered: EVENTS, failed: 0 }),
    )
    // Nothing pending, nothing due: the sender sleeps instead of sweeping again at once.
    const { rows } = await server.backend.db.query<{ due: number | null }>('select webhooks.next_due_in() as due')
    expect(rows[0]?.due).toBeNull()
    expect((await tool(`/webhooks/${endpoint.id}`, { method: 'DELETE' })).status).toBe(204)
  }, 180_000)

  it('disables an endpoint that answers 410 Gone, and shows why', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint(['waitlist.signup.created'])
    receiver.answer = 410
    await signUp('gone@example.com')
    await receiver.untilReceived(1)
    await vi.waitFor(async () => expect((await endpointNow(endpoint.id))?.disabledReason).toBe('The endpoint answered 410 Gone.'))
    await signUp('after-gone@example.com')
    const { body } = await tool<{ deliveries: WebhookDelivery[] }>(`/webhooks/${endpoint.id}/deliveries`)
    expect(body.deliveries).toEqual([
      expect.objectContaining({ type: 'waitlist.signup.created', status: 'failed', attempts: 1, lastStatus: 410 }),
    ])
    expect(receiver.received).toHaveLength(1)
  })

  it('disables an endpoint whose every delivery has failed for five days', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint(['waitlist.signup.created'])
    receiver.answer = 503
    await server.backend.db.query(
      `update webhooks.endpoints set failing_since = now() - interval '5 days 1 minute' where id = $1`,
      [endpoint.id],
    )
    expect((await tool(`/webhooks/${endpoint.id}/test`, { method: 'POST' })).status).toBe(202)
    await receiver.untilReceived(1)
    await vi.waitFor(async () =>
      expect(await endpointNow(endpoint.id)).toMatchObject({ disabledReason: 'Every delivery failed for 5.0 days.' }),
    )
  })

  it('keeps each person’s events in order through an outage, under one webhook-id per event', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint(['waitlist.signup.created', 'waitlist.signup.removed'])
    receiver.answer = 503
    await signUp('first@outage.example')
    // Tried once, so the endpoint has heard of the person and must hear of the removal too.
    await receiver.untilReceived(1)
    const erased = await tool(`/waitlist/${await placeId('first@outage.example')}/erase`, { method: 'POST' })
    expect(erased.status).toBe(204)
    await signUp('second@outage.example')
    await receiver.untilReceived(4)
    receiver.answer = 200
    await vi.waitFor(
      async () => expect((await endpointNow(endpoint.id))?.deliveries).toMatchObject({ pending: 0, delivered: 3 }),
      {
        timeout: 15_000,
      },
    )

    const delivered = receiver.received.filter((got) => got.answered === 200)
    const story = delivered.map((got) => `${got.body?.type} ${String(got.body?.data['email'])}`)
    expect(story.filter((line) => line.endsWith('first@outage.example'))).toEqual([
      'waitlist.signup.created first@outage.example',
      'waitlist.signup.removed first@outage.example',
    ])
    expect(story).toContain('waitlist.signup.created second@outage.example')
    for (const got of delivered) {
      const attempts = receiver.received.filter((other) => other.id === got.id)
      expect(attempts.every((attempt) => attempt.body?.data['email'] === got.body?.data['email'])).toBe(true)
    }
    expect((await endpointNow(endpoint.id))?.failingSince).toBeNull()
  }, 30_000)

  it('never holds a welcome back, however slowly a receiver answers', { timeout: 90_000 }, async () => {
    const { receiver } = await receiverWithEndpoint(['waitlist.signup.created'])
    receiver.delayMs = 120_000
    const emails = Array.from({ length: 6 }, (_, i) => `slow-${i}@receiver.example`)
    await Promise.all(emails.map((email) => signUp(email)))
    // The receiver holds the endpoint's deliveries unanswered from here on (each times out and comes
    // back); how many at once depends on the machine's pace against the 10 s attempt timeout.
    await receiver.untilArrived(1)

    const welcome = await fetch(`${server.url}/functions/v1/send-welcome-email`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana', email: emails[5], role: 'Head of People', lang: 'pt' }),
    })
    expect(welcome.status).toBe(202)
    await vi.waitFor(
      async () => {
        const { rows } = await server.backend.db.query<{ status: string }>(
          `select welcome.status from public.welcome_emails as welcome join public.waitlist as place on place.id = welcome.waitlist_id
           where place.email = $1`,
          [emails[5]],
        )
        expect(rows).toEqual([{ status: 'sent' }])
      },
      { timeout: 30_000 },
    )
    // Sent while the receiver had answered none of them: its deliveries time out and are tried again
    // meanwhile, without the welcome waiting on them.
    expect(receiver.received).toEqual([])
    // Its deliveries end with it, rather than hold the sender until their 10 s timeout (the next test's wait).
    await receiver.close()
  })

  it('tells an endpoint nothing of a person gone before anything about them was sent', async () => {
    const told = await receiverWithEndpoint(['waitlist.signup.created', 'waitlist.signup.removed'])
    const removalsOnly = await receiverWithEndpoint(['waitlist.signup.removed'])
    // A sign-up undone in its own transaction, as a refusal after the insert undoes it.
    await server.backend.db.transaction(async (tx) => {
      await tx.query(`insert into public.waitlist (email, role) values ('undone@example.com', 'Head of People')`)
      await tx.query(`delete from public.waitlist where email = 'undone@example.com'`)
    })
    await signUp('marker@example.com')
    await told.receiver.untilReceived(1)
    expect(told.receiver.received.map((got) => got.body?.data['email'])).toEqual(['marker@example.com'])
    // An endpoint that asked for removals alone may know the person from elsewhere: it hears of it.
    await removalsOnly.receiver.untilReceived(1)
    expect(removalsOnly.receiver.received[0]?.body).toMatchObject({
      type: 'waitlist.signup.removed',
      data: { email: 'undone@example.com' },
    })
    await vi.waitFor(async () => {
      const { rows } = await server.backend.db.query<{ kept: number }>(
        `select count(*)::int as kept from webhooks.events where payload::text like '%undone@example.com%'`,
      )
      expect(rows[0]?.kept).toBe(0)
    })
  })

  it('signs with both secrets during a rotation’s overlap, sends a test event and resends it under the same id', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint(['waitlist.signup.confirmed'])
    const rotated = await tool<{ endpoint: WebhookEndpoint; secret: string }>(`/webhooks/${endpoint.id}/rotate`, {
      method: 'POST',
    })
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.endpoint.previousSecretUntil).not.toBeNull()
    receiver.secrets.push(rotated.body.secret)

    const test = await tool<{ eventId: string }>(`/webhooks/${endpoint.id}/test`, { method: 'POST' })
    expect(test.status).toBe(202)
    await receiver.untilReceived(1)
    expect(receiver.received[0]).toMatchObject({ id: test.body.eventId, verified: [true, true], body: { type: 'webhook.test' } })
    expect(receiver.received[0]?.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/)

    const [delivery] = (await tool<{ deliveries: WebhookDelivery[] }>(`/webhooks/${endpoint.id}/deliveries`)).body.deliveries
    await vi.waitFor(async () =>
      expect(
        (await tool<{ deliveries: WebhookDelivery[] }>(`/webhooks/${endpoint.id}/deliveries`)).body.deliveries[0]?.status,
      ).toBe('delivered'),
    )
    expect((await tool(`/webhooks/deliveries/${delivery!.id}/resend`, { method: 'POST' })).status).toBe(202)
    await receiver.untilReceived(2)
    expect(receiver.received[1]?.id).toBe(test.body.eventId)
  })

  it('refuses endpoints our server must not call, with the reason', async () => {
    for (const url of [
      'ftp://example.com/hooks',
      'https://169.254.169.254/latest',
      'http://10.0.0.8/hooks',
      'https://[::ffff:10.0.0.8]/hooks',
      'https://user:pw@example.com/',
      'example.com/hooks',
    ]) {
      const refused = await tool<{ error: string }>('/webhooks', {
        method: 'POST',
        body: { url, events: ['waitlist.signup.created'] },
      })
      expect(refused.status, url).toBe(400)
      expect(refused.body.error.length).toBeGreaterThan(20)
    }
  })

  it('records each change in the audit log under the Studio user', async () => {
    const { body } = await tool<{ entries: { action: string }[] }>('/audit')
    const actions = new Set(body.entries.map((entry) => entry.action))
    for (const action of [
      'webhook.endpoint.created',
      'webhook.endpoint.deleted',
      'webhook.secret.rotated',
      'webhook.test.sent',
      'webhook.delivery.resent',
    ]) {
      expect(actions).toContain(action)
    }
  })
})
