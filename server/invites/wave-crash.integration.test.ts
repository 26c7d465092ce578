// A wave cut off half-way, on PostgreSQL, then sent again under the same id as the tool does: once
// with the server killed (SIGKILL) while the wave is being written, once with the database ending
// the wave's session. Either way the wave's people end up invited once, each with one invitation
// email and one waitlist.invite.sent event (a repeat only ever under the same webhook-id).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { eventually } from '../../test/eventually.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { serverSandbox, type ServerProcess, type ServerSandbox } from '../../test/server/server-process.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhooks/webhook-receiver.ts'
import { newWebhookSecret } from '../webhooks/webhook-admin.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const WAVE = 50

describe('a wave cut off half-way and sent again, on PostgreSQL', () => {
  let database: ThrowawayDatabase
  let sandbox: ServerSandbox
  let inbox: SmtpInbox
  let receiver: WebhookReceiver
  let db: pg.Client
  let server: ServerProcess
  let env: Record<string, string>

  beforeAll(async () => {
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    sandbox = await serverSandbox()
    inbox = await startSmtpInbox()
    receiver = await startWebhookReceiver()
    db = new pg.Client({ connectionString: database.url })
    await db.connect()
    env = {
      DATABASE_URL: database.url,
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
      SMTP_URL: inbox.url,
      MAIL_SWEEP_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '0.1',
    }
    server = await sandbox.start(env)
    const secret = newWebhookSecret()
    receiver.secrets.push(secret)
    await db.query(`select webhooks.create_endpoint('pTest', $1, 'waves', array['waitlist.invite.sent'], $2)`, [
      receiver.url,
      secret,
    ])
    await db.query(
      `with joined as (
         insert into public.waitlist (email, role, created_at, confirmed_at)
         select 'wave-' || i || '@empresa.example', 'Team lead', now() - make_interval(mins => 1000 - i), now()
         from generate_series(1, $1::int) as i
         returning id, email
       )
       insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select id, email, 'Maria', 'pt', 'sent', now() from joined`,
      [2 * WAVE],
    )
    // Each invitation takes a while to write, so that a wave is still being written when it is cut off.
    await db.query(`
      create function public.slow_invitation() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.04); return null; end $$;
      create trigger slow_invitation after insert on invites.invitations for each row execute function public.slow_invitation();`)
  }, 60_000)

  afterAll(async () => {
    if (server) process.kill(server.pid, 'SIGTERM')
    await server?.exited
    await db?.end()
    await receiver?.close()
    await inbox?.close()
    await sandbox?.remove()
    await database?.drop()
  })

  const sendWave = async (id: string) => {
    const cookie = await launchCookie(server.url, EDITOR_TOKEN)
    return fetch(`${server.url}/api/launch/invites/waves`, {
      method: 'POST',
      headers: { cookie, origin: STUDIO_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ id, count: WAVE }),
    })
  }

  /** The backend writing the wave, once it is in the middle of it. */
  const waveBeingWritten = () =>
    eventually(
      async () =>
        (
          await db.query<{ pid: number }>(
            `select pid from pg_stat_activity where state = 'active' and query like '%send_wave%' and pid <> pg_backend_pid()`,
          )
        ).rows[0]?.pid,
      (pid) => pid !== undefined,
      30_000,
    )

  const invited = async () =>
    (await db.query<{ invited: number }>('select count(*)::int as invited from invites.invitations')).rows[0]?.invited

  it('invites each of the wave once when the server was killed while writing it', { timeout: 120_000 }, async () => {
    const wave = crypto.randomUUID()
    const cutOff = sendWave(wave).catch((error: unknown) => error)
    await waveBeingWritten()
    process.kill(server.pid, 'SIGKILL')
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(await cutOff).toBeInstanceOf(Error)
    server = await sandbox.start(env)

    const again = await sendWave(wave)
    expect([200, 201]).toContain(again.status)
    expect(await again.json()).toMatchObject({ wave: { id: wave, invited: WAVE } })
    expect(await invited()).toBe(WAVE)
  })

  it('invites each of the wave once when the database ended its session half-way', { timeout: 120_000 }, async () => {
    const wave = crypto.randomUUID()
    const cutOff = sendWave(wave)
    await db.query('select pg_terminate_backend($1)', [await waveBeingWritten()])
    expect((await cutOff).status).toBe(503)
    expect(await invited()).toBe(WAVE)

    const again = await sendWave(wave)
    expect(again.status).toBe(201)
    expect(await again.json()).toMatchObject({ wave: { id: wave, invited: WAVE }, repeated: false })
    expect(await invited()).toBe(2 * WAVE)
  })

  it('sends every invitation and every event, a repeat only under its own webhook-id', { timeout: 120_000 }, async () => {
    await inbox.waitForTotal(2 * WAVE, 60_000)
    await receiver.untilReceived(2 * WAVE)
    expect(new Set(inbox.messages.map((mail) => mail.envelope.to[0])).size).toBe(2 * WAVE)
    const idsByPerson = new Map<unknown, Set<string>>()
    for (const got of receiver.received) {
      expect(got.verified[0]).toBe(true)
      const person = got.body?.data['id']
      idsByPerson.set(person, (idsByPerson.get(person) ?? new Set()).add(got.id))
    }
    expect(idsByPerson.size).toBe(2 * WAVE)
    expect([...idsByPerson.values()].every((ids) => ids.size === 1)).toBe(true)
  })
})
