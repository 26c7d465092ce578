// An update sent through the self-hosted server's own sender while the server is killed (SIGKILL)
// five times, on PostgreSQL, to an SMTP server that refuses 5 % of the recipients for good. Counted
// as the SMTP server counts them (messages it accepted, per recipient): every other recipient gets
// the update, each copy the same message (one Message-ID), and a kill sends again only what the
// killed process had accepted by the server and not yet recorded (decision 0070: the window between
// the server's 250 and the commit of "sent" is closed only by the recipient's mailbox, which shows
// one message per Message-ID); the refused ones are marked undeliverable and counted as bounced, and
// the next update skips them.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { eventually } from '../../test/eventually.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { serverSandbox, type ServerProcess, type ServerSandbox } from '../../test/server/server-process.ts'

const PEOPLE = 400
const KILLS = 5
const CONCURRENCY = 10
/** The seed's update (studio/seed/data.ndjson). */
const DOCUMENT = 'update-beta-opens'
const address = (i: number) => `reader-${i}@empresa.example`
/** Every twentieth reader's mailbox does not exist: 5 %. */
const refused = Array.from({ length: PEOPLE }, (_, i) => i + 1)
  .filter((i) => i % 20 === 0)
  .map(address)

describe('an update sent while the server is killed five times, on PostgreSQL', () => {
  let database: ThrowawayDatabase
  let sandbox: ServerSandbox
  let inbox: SmtpInbox
  let db: pg.Client
  let server: ServerProcess
  let env: Record<string, string>

  beforeAll(async () => {
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    sandbox = await serverSandbox()
    inbox = await startSmtpInbox()
    for (const email of refused) inbox.refused.add(email)
    db = new pg.Client({ connectionString: database.url })
    await db.connect()
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: inbox.url,
      MAIL_SWEEP_SECONDS: '1',
      MAIL_CONCURRENCY: String(CONCURRENCY),
      // The leases a killed process held run out in 3 s instead of 10.
      MAIL_LEASE_SECONDS: '3',
      UPDATE_RATE: '50',
    }
    // The server migrates the database as it starts.
    server = await sandbox.start(env)
    await db.query(
      `with joined as (
         insert into public.waitlist (email, role, created_at, confirmed_at, consent_locale, signup_locale)
         select 'reader-' || i || '@empresa.example', 'Team lead', now() - make_interval(mins => 1000 - i), now(),
                case when i % 2 = 0 then 'en' else 'pt' end, 'pt'
         from generate_series(1, $1::int) as i
         returning id, email, consent_locale
       )
       insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select id, email, 'Maria', consent_locale, 'sent', now() from joined`,
      [PEOPLE],
    )
  })

  afterAll(async () => {
    if (server) process.kill(server.pid, 'SIGTERM')
    await server?.exited
    await db?.end()
    await inbox?.close()
    await sandbox?.remove()
    await database?.drop()
  })

  const send = async (id: string) =>
    (
      await db.query<{ answer: { update: { recipients: number } } }>(
        `select updates.send('operator-1', $1, $2, '{}'::jsonb, null) as answer`,
        [id, DOCUMENT],
      )
    ).rows[0]?.answer.update
  const progress = async (id: string) =>
    (
      await db.query<{ sent: number; bounced: number; failed: number; completed: boolean }>(
        'select sent, bounced, failed, completed_at is not null as completed from updates.updates where id = $1',
        [id],
      )
    ).rows[0]
  const deliveredOf = (id: string) => inbox.messages.filter((mail) => mail.header('message-id')?.startsWith(`<update-${id}-`))

  it('reaches every recipient once across five kills, and marks the refused ones', { timeout: 300_000 }, async () => {
    // Each message takes a while to be accepted, so that some are in flight when the process dies.
    inbox.delayMs = 20
    const first = crypto.randomUUID()
    expect((await send(first))?.recipients).toBe(PEOPLE)

    for (let kill = 1; kill <= KILLS; kill += 1) {
      // Killed each time another sixth of the update has gone out: while it sends, never on the clock.
      await inbox.waitForTotal(Math.round((kill * (PEOPLE - refused.length)) / (KILLS + 1)), 120_000)
      process.kill(server.pid, 'SIGKILL')
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })
      server = await sandbox.start(env)
    }
    inbox.delayMs = 0
    const done = await eventually(
      () => progress(first),
      (row) => row?.completed === true,
      120_000,
    )
    expect(done).toMatchObject({ sent: PEOPLE - refused.length, bounced: refused.length, failed: 0 })

    const delivered = deliveredOf(first)
    /** What the SMTP server accepted, per recipient: its count of deliveries, and the Message-IDs among them. */
    const byReader = new Map<string, { deliveries: number; ids: Set<string> }>()
    for (const mail of delivered) {
      const to = mail.envelope.to[0] ?? ''
      const seen = byReader.get(to) ?? { deliveries: 0, ids: new Set<string>() }
      seen.deliveries += 1
      seen.ids.add(mail.header('message-id') ?? '')
      byReader.set(to, seen)
    }
    const expected = Array.from({ length: PEOPLE }, (_, i) => address(i + 1)).filter((email) => !refused.includes(email))
    // Every reader the server accepted mail for, none refused, none missed.
    expect([...byReader.keys()].sort()).toEqual(expected.sort())
    // Every copy a reader got is the same message: their mailbox shows it once.
    expect([...byReader.entries()].filter(([, seen]) => seen.ids.size !== 1)).toEqual([])
    const again = [...byReader.values()].reduce((sum, seen) => sum + seen.deliveries - 1, 0)
    // A kill lands between the server's 250 and the commit of "sent" for at most what the killed
    // process held: one claim, twice its concurrency. No reader is sent to more than once per kill.
    expect(again).toBe(delivered.length - expected.length)
    expect(again).toBeLessThanOrEqual(KILLS * 2 * CONCURRENCY)
    expect(Math.max(...[...byReader.values()].map((seen) => seen.deliveries))).toBeLessThanOrEqual(1 + KILLS)
    // In each reader's language, with the one-click removal (RFC 8058).
    const first1 = delivered.find((mail) => mail.envelope.to[0] === address(1))
    const first2 = delivered.find((mail) => mail.envelope.to[0] === address(2))
    expect([first1?.subject, first2?.subject]).toEqual(['O beta do Pulso abre na segunda', 'The Pulso beta opens on Monday'])
    const unsubscribe = delivered.map((mail) => mail.header('list-unsubscribe') ?? '')
    expect(unsubscribe.filter((value) => !/^<https?:\/\/[^>]+\?token=remove\.[^>]+>$/.test(value))).toEqual([])
    expect(new Set(delivered.map((mail) => mail.header('list-unsubscribe-post')))).toEqual(
      new Set(['List-Unsubscribe=One-Click']),
    )
    console.info(
      `[updates] ${PEOPLE} recipients, ${KILLS} kills: ${expected.length} readers, ${delivered.length} SMTP deliveries, ${again} accepted twice (same Message-ID), ${refused.length} refused and marked`,
    )

    const marked = await db.query<{ marked: boolean }>(
      'select guard.undeliverable(address) as marked from unnest($1::text[]) as address',
      [refused],
    )
    expect(marked.rows.every((row) => row.marked)).toBe(true)
  })

  it('skips the refused readers in the next update', { timeout: 120_000 }, async () => {
    const next = crypto.randomUUID()
    expect((await send(next))?.recipients).toBe(PEOPLE - refused.length)
    const done = await eventually(
      () => progress(next),
      (row) => row?.completed === true,
      90_000,
    )
    expect(done).toMatchObject({ sent: PEOPLE - refused.length, bounced: 0, failed: 0 })
    expect(deliveredOf(next).filter((mail) => refused.includes(mail.envelope.to[0] ?? ''))).toEqual([])
  })
})
