// Invite waves on both databases, through the Launch tool's API (the Studio's handshake): who is
// next, a wave sent twice under one id (a double click), the invitation emails through the mail
// outbox to a real SMTP server, the waitlist.invite.sent events to a receiver that verifies each
// one, activation reported by the product with the code from the trial link or marked by hand.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhooks/webhook-receiver.ts'
import type { AuditEntry, Place } from '../operator/operator-store.ts'
import { LOCAL_EDITOR_USER_ID } from '../sanity/local-editor.ts'
import type { WebhookEndpoint } from '../webhooks/webhook-admin.ts'
import type { Invitee, Wave, WavePreview } from './invite-admin.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const ACTIVATION_KEY = 'an-activation-key-of-at-least-32-characters'
const CONFIRMED = 60
const UNCONFIRMED = 5
const WAVE = 50

describe.each(databaseVariants)('invite waves on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let inbox: SmtpInbox
  let receiver: WebhookReceiver
  let cookie: string

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    inbox = await startSmtpInbox()
    receiver = await startWebhookReceiver()
    server = await startTestServer({
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
      SMTP_URL: inbox.url,
      MAIL_SWEEP_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '0.1',
      INVITE_ACTIVATION_KEY: ACTIVATION_KEY,
      CAPTCHA: 'off',
      ...throwaway.env,
    })
    cookie = await launchCookie(server.url, EDITOR_TOKEN)
    const created = await tool<{ endpoint: WebhookEndpoint; secret: string }>('/webhooks', {
      method: 'POST',
      body: { url: receiver.url, description: 'invites', events: ['waitlist.invite.sent'] },
    })
    receiver.secrets.push(created.body.secret)
    // Confirmed people, a minute apart in the order they joined, each welcomed (in English for every third),
    // and a few who never confirmed: the waves must pass those over.
    await server.backend.db.query(
      `with joined as (
         insert into public.waitlist (email, role, created_at, confirmed_at)
         select 'person-' || i || '@empresa.example', 'Team lead', now() - make_interval(mins => 1000 - i),
                case when i <= $1::int then now() end
         from generate_series(1, $1::int + $2::int) as i
         returning id, email
       )
       insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select id, email, case when english then 'Mary' else 'Maria' end, case when english then 'en' else 'pt' end, 'sent', now()
       from (select *, split_part(split_part(email, '@', 1), '-', 2)::int % 3 = 0 as english from joined) as person`,
      [CONFIRMED, UNCONFIRMED],
    )
  })

  afterAll(async () => {
    await server?.close()
    await receiver?.close()
    await inbox?.close()
    await dropDatabase?.()
  })

  async function tool<T>(path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${server.url}/api/launch${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: STUDIO_ORIGIN, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }

  const activate = (code: unknown, key = ACTIVATION_KEY) =>
    fetch(`${server.url}/api/invites/activate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    })

  const waves = async () => (await tool<{ waves: Wave[] }>('/invites/waves')).body.waves
  const emailOf = (n: number) => `person-${n}@empresa.example`
  const firstWaveId = crypto.randomUUID()

  it('shows who is next: the oldest confirmed people not yet invited', async () => {
    const { status, body } = await tool<WavePreview>(`/invites/next?count=${WAVE}`)
    expect(status).toBe(200)
    expect(body.waiting).toBe(CONFIRMED)
    expect(body.people.map((person) => person.email)).toEqual(Array.from({ length: WAVE }, (_, i) => emailOf(i + 1)))
    expect(body.people[2]).toMatchObject({ name: 'Mary', locale: 'en', role: 'Team lead' })
    expect((await tool(`/invites/next?count=0`)).status).toBe(400)
    expect((await tool(`/invites/next?count=1001`)).status).toBe(400)
  })

  it(`sends “next ${WAVE}” once however often it is sent under one wave id`, async () => {
    const send = () =>
      tool<{ wave: Wave; repeated: boolean }>('/invites/waves', { method: 'POST', body: { id: firstWaveId, count: WAVE } })
    // A double click: both at once, then a retry after the answer.
    const [one, two] = await Promise.all([send(), send()])
    const again = await send()
    expect([one.status, two.status].sort()).toEqual([200, 201])
    expect(again).toMatchObject({ status: 200, body: { repeated: true, wave: { id: firstWaveId, invited: WAVE } } })

    const mails = await inbox.waitForTotal(WAVE, 60_000)
    expect(new Set(mails.map((mail) => mail.envelope.to[0])).size).toBe(WAVE)
    await receiver.untilReceived(WAVE)
    expect(receiver.received.filter((got) => got.verified[0]).length).toBe(WAVE)
    expect(receiver.received[0]?.body).toMatchObject({
      type: 'waitlist.invite.sent',
      data: { email: emailOf(1), waveId: firstWaveId, locale: 'pt' },
    })
    await vi.waitFor(async () =>
      expect((await waves())[0]).toMatchObject({
        id: firstWaveId,
        requested: WAVE,
        invited: WAVE,
        activated: 0,
        mail: { pending: 0, sent: WAVE, failed: 0 },
      }),
    )
    const { rows } = await server.backend.db.query<{ invitations: number; mails: number }>(
      `select (select count(*)::int from invites.invitations) as invitations,
              (select count(*)::int from public.welcome_emails where kind = 'invitation') as mails`,
    )
    expect(rows[0]).toEqual({ invitations: WAVE, mails: WAVE })
    // Sending stays out of the funnel: only welcomes are "welcome requested".
    const steps = await server.backend.db.query<{ welcomes: number }>(
      `select count(*)::int as welcomes from analytics.signup_steps where step = 'welcome'`,
    )
    expect(steps.rows[0]?.welcomes).toBe(CONFIRMED + UNCONFIRMED)
  }, 120_000)

  it('writes each person in their language, with a trial link that carries their code', async () => {
    const [english] = inbox.to(emailOf(3))
    const [portuguese] = inbox.to(emailOf(1))
    expect(english?.text).toContain('Mary')
    expect(portuguese?.text).toContain('Maria')
    expect(english?.text).toMatch(/invite=[0-9a-f]{32}/)
    expect(portuguese?.text).toMatch(/invite=[0-9a-f]{32}/)
    expect(english?.subject).not.toBe(portuguese?.subject)
    expect(english?.header('message-id')).toMatch(/^<invitation-/)
    expect(english?.header('list-unsubscribe')).toMatch(/^<http/)
  })

  it('takes the rest in the next wave, and nobody twice', async () => {
    const second = await tool<{ wave: Wave }>('/invites/waves', {
      method: 'POST',
      body: { id: crypto.randomUUID(), count: WAVE },
    })
    expect(second).toMatchObject({ status: 201, body: { wave: { requested: WAVE, invited: CONFIRMED - WAVE } } })
    expect((await tool<WavePreview>('/invites/next?count=10')).body).toEqual({ waiting: 0, people: [] })
    await inbox.waitForTotal(CONFIRMED, 60_000)
    expect(new Set(inbox.messages.map((mail) => mail.envelope.to[0])).size).toBe(CONFIRMED)
    expect(inbox.messages.some((mail) => mail.envelope.to[0]?.includes('person-61'))).toBe(false)
  }, 120_000)

  it('counts an activation the product reports with the code, once, and one marked by hand', async () => {
    const code = /invite=([0-9a-f]{32})/.exec(inbox.to(emailOf(1))[0]?.text ?? '')?.[1]
    expect((await activate(code, 'not-the-key-but-long-enough-to-look-like-one')).status).toBe(401)
    expect((await activate('not-a-code')).status).toBe(400)
    expect((await activate('0'.repeat(32))).status).toBe(404)
    const first = await activate(code)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ status: 'activated' })
    expect(await (await activate(code)).json()).toEqual({ status: 'already' })

    const listed = await tool<{ rows: Place[] }>('/waitlist?search=person-2%40')
    const personTwo = listed.body.rows[0]!
    expect(personTwo.invited_at).not.toBeNull()
    expect((await tool(`/invites/people/${personTwo.id}/activate`, { method: 'POST' })).status).toBe(204)
    expect((await tool(`/invites/people/${crypto.randomUUID()}/activate`, { method: 'POST' })).status).toBe(404)

    expect((await waves()).find((wave) => wave.id === firstWaveId)).toMatchObject({ invited: WAVE, activated: 2 })
    const people = await tool<{ people: Invitee[] }>(`/invites/waves/${firstWaveId}`)
    expect(people.body.people).toHaveLength(WAVE)
    expect(people.body.people[0]).toMatchObject({ email: emailOf(1), activatedBy: 'product', mailStatus: 'sent' })
    expect(people.body.people[1]).toMatchObject({ email: emailOf(2), activatedBy: LOCAL_EDITOR_USER_ID })
    expect(people.body.people[2]).toMatchObject({ activatedAt: null, activatedBy: null })
    expect((await tool(`/invites/waves/${crypto.randomUUID()}`)).status).toBe(404)
  })

  it('audits every read of people and every change, under the Studio user', async () => {
    const { body } = await tool<{ entries: AuditEntry[] }>('/audit')
    const actions = body.entries.map((entry) => `${entry.actor} ${entry.action}`)
    expect(actions).toEqual(
      expect.arrayContaining([
        `${LOCAL_EDITOR_USER_ID} invites.previewed`,
        `${LOCAL_EDITOR_USER_ID} invites.wave.sent`,
        `${LOCAL_EDITOR_USER_ID} invites.wave.read`,
        `${LOCAL_EDITOR_USER_ID} invite.activated`,
        'product invite.activated',
      ]),
    )
    expect(body.entries.filter((entry) => entry.action === 'invites.wave.sent')).toHaveLength(2)
  })
})
