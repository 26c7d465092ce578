// An update sent through the self-hosted server's own sender while the server is killed (SIGKILL)
// five times, on both databases, to an SMTP server that refuses 5 % of the recipients for good.
// Counted as the SMTP server counts them (messages it accepted, per recipient): no reader gets the
// update twice, since an update's message is recorded as sent before the server can accept it
// (decision 0088: at most once); a reader the server never got it for can only be one whose "sent"
// a killed process committed just before it died (its dot never went out). The refused ones are
// marked undeliverable and counted as bounced, and the next update skips them. Every reader the
// server never got it for is among the messages left unconfirmed (decision 0091), as many as the
// Launch API shows; sent again to those, every reader has it, and how many got it twice is logged.
// The database is read and written only while the server is stopped: the embedded one admits one
// process at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/database.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { eventually } from '../../test/eventually.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { scrape } from '../../test/metrics/scrape.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { serverSandbox, type ServerProcess, type ServerSandbox } from '../../test/server/server-process.ts'
import type { Update } from './update-admin.ts'

const PEOPLE = 400
const KILLS = 5
const CONCURRENCY = 10
const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
/** The seed's update (studio/seed/data.ndjson). */
const DOCUMENT = 'update-beta-opens'
const address = (i: number) => `reader-${i}@empresa.example`
/** Every twentieth reader's mailbox does not exist: 5 %. */
const refused = Array.from({ length: PEOPLE }, (_, i) => i + 1)
  .filter((i) => i % 20 === 0)
  .map(address)
const reachable = Array.from({ length: PEOPLE }, (_, i) => address(i + 1)).filter((email) => !refused.includes(email))

/** When a server process lived, by this machine's clock: from before its start to just after its kill. */
interface Life {
  from: number
  killedAt?: number
}

describe.each(databaseVariants)('an update sent while the server is killed five times, on $name', ({ database }) => {
  let db: Awaited<ReturnType<typeof database>>
  let sandbox: ServerSandbox
  let inbox: SmtpInbox
  let server: ServerProcess | undefined
  let env: Record<string, string>
  const lives: Life[] = []

  /** Opens the database the server uses, once it is stopped. */
  const withDatabase = async <T>(use: (sql: Database) => Promise<T>): Promise<T> => {
    const sql = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: sandbox.dataDir })
    try {
      return await use(sql)
    } finally {
      await sql.close()
    }
  }
  const start = async () => {
    lives.push({ from: Date.now() })
    server = await sandbox.start(env)
    return server
  }
  const stop = async () => {
    if (!server) return
    process.kill(server.pid, 'SIGTERM')
    expect(await server.exited).toMatchObject({ code: 0 })
    server = undefined
  }
  /**
   * Until the outbox holds no update message (each sent or given up), then stopped: the server's own
   * gauge says when to stop it, and the database, once it is stopped, whether it was so. A scrape
   * whose read of the outbox failed on a busy machine leaves the gauge empty, which reads as none
   * pending: the server is then started again to finish.
   */
  const sendOut = async (running: ServerProcess) => {
    for (;;) {
      await eventually(
        async () => (await scrape(running.url)).value('pulso_outbox_pending', { kind: 'update' }),
        (pending) => pending === 0,
        120_000,
      )
      await stop()
      const { rows } = await withDatabase((sql) =>
        sql.query<{ pending: number }>(
          `select count(*)::int as pending from public.welcome_emails where update_id is not null and status = 'pending'`,
        ),
      )
      if (rows[0]?.pending === 0) return
      running = await start()
    }
  }

  beforeAll(async () => {
    db = await database()
    sandbox = await serverSandbox()
    inbox = await startSmtpInbox()
    for (const email of refused) inbox.refused.add(email)
    env = {
      ...db.env,
      SMTP_URL: inbox.url,
      MAIL_SWEEP_SECONDS: '1',
      MAIL_CONCURRENCY: String(CONCURRENCY),
      // The leases a killed process held on PostgreSQL run out in 3 s instead of 10.
      MAIL_LEASE_SECONDS: '3',
      // Under what the sender could do here (10 at a time, 20 ms each while it is killed: 500 a second),
      // so the rate still paces it across the kills, without 380 readers taking 8 s per send.
      UPDATE_RATE: '250',
      // The team's Launch tool, to read the progress and send again to the unconfirmed.
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
    }
    // The server migrates the database as it starts.
    await start()
    await stop()
    await withDatabase((sql) =>
      sql.query(
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
      ),
    )
  }, 120_000)

  afterAll(async () => {
    if (server) process.kill(server.pid, 'SIGTERM')
    await server?.exited
    await inbox?.close()
    await sandbox?.remove()
    await db?.drop()
  })

  const send = (sql: Database, id: string) =>
    sql
      .query<{ answer: { update: { recipients: number } } }>(
        `select updates.send('operator-1', $1, $2, '{}'::jsonb, null) as answer`,
        [id, DOCUMENT],
      )
      .then(({ rows }) => rows[0]?.answer.update)
  const progress = (sql: Database, id: string) =>
    sql
      .query<{ sent: number; bounced: number; failed: number; completed: boolean }>(
        `select o.sent, o.bounced, o.failed, u.completed_at is not null as completed
         from updates.updates as u, updates.outcomes(u.id) as o where u.id = $1`,
        [id],
      )
      .then(({ rows }) => rows[0])
  const deliveredOf = (id: string) => inbox.messages.filter((mail) => mail.header('message-id')?.startsWith(`<update-${id}-`))
  /** How many messages of the update the SMTP server accepted for each reader. */
  const deliveriesOf = (id: string) => {
    const deliveries = new Map<string, number>()
    for (const mail of deliveredOf(id))
      deliveries.set(mail.envelope.to[0] ?? '', (deliveries.get(mail.envelope.to[0] ?? '') ?? 0) + 1)
    return deliveries
  }
  /** The readers whose message is recorded as sent and was never confirmed (the mail server's 250 never recorded). */
  const unconfirmedOf = (sql: Database, id: string) =>
    sql
      .query<{ email: string }>(
        `select email from public.welcome_emails where update_id = $1 and status = 'sent' and leased_until is not null`,
        [id],
      )
      .then(({ rows }) => rows.map((row) => row.email))
  /** The first update, whose kills the next test follows up. */
  let first = ''
  let unconfirmedAfterKills: string[] = []
  let lostAfterKills: string[] = []

  it(
    'reaches no reader twice across five kills, loses none but what a kill cut off, and marks the refused ones',
    { timeout: 300_000 },
    async () => {
      first = crypto.randomUUID()
      expect(await withDatabase((sql) => send(sql, first))).toMatchObject({ recipients: PEOPLE })
      // Each message takes a while to be accepted, so that some are in flight when the process dies.
      inbox.delayMs = 20
      let running = await start()
      for (let kill = 1; kill <= KILLS; kill += 1) {
        // Killed each time another sixth of the update has gone out: while it sends, never on the clock.
        await inbox.waitForTotal(Math.round((kill * reachable.length) / (KILLS + 1)), 120_000)
        process.kill(running.pid, 'SIGKILL')
        lives.at(-1)!.killedAt = Date.now()
        expect(await running.exited).toEqual({ code: null, signal: 'SIGKILL' })
        running = await start()
      }
      inbox.delayMs = 0
      await sendOut(running)

      const delivered = deliveredOf(first)
      const deliveries = deliveriesOf(first)
      // No reader got it twice, as the SMTP server counts; none refused got it.
      expect([...deliveries].filter(([, count]) => count > 1)).toEqual([])
      expect([...deliveries.keys()].filter((email) => refused.includes(email))).toEqual([])

      const { done, lost, unconfirmed } = await withDatabase(async (sql) => ({
        done: await progress(sql, first),
        unconfirmed: await unconfirmedOf(sql, first),
        lost: (
          await sql.query<{ email: string; status: string; sent_at: Date }>(
            `select email, status, sent_at from public.welcome_emails where update_id = $1 and email = any($2::text[])`,
            [first, reachable.filter((email) => !deliveries.has(email))],
          )
        ).rows,
      }))
      expect(done).toMatchObject({ completed: true, sent: reachable.length, bounced: refused.length, failed: 0 })
      // A reader the SMTP server never got it for was recorded as sent by a process that was then
      // killed, within its life: the dot it held died with it. At most what one process had in flight.
      // Its life ends when the next one starts: PostgreSQL may begin (and date) a statement the killed
      // process wrote just before it died a few milliseconds after the kill, on a busy machine.
      const killedLives = lives.flatMap((life, index) =>
        life.killedAt === undefined ? [] : [{ from: life.from, until: lives[index + 1]?.from ?? life.killedAt }],
      )
      expect(killedLives).toHaveLength(KILLS)
      expect(
        lost.filter(
          (row) =>
            row.status !== 'sent' ||
            !killedLives.some(
              (life) => life.from <= new Date(row.sent_at).getTime() && new Date(row.sent_at).getTime() <= life.until,
            ),
        ),
        `lives (ms since the epoch): ${JSON.stringify(killedLives)}`,
      ).toEqual([])
      expect(lost.length).toBeLessThanOrEqual(KILLS * CONCURRENCY)
      expect(deliveries.size + lost.length).toBe(reachable.length)
      // Each of them is left unconfirmed: the team can tell who they are (decision 0091).
      expect(lost.map((row) => row.email).filter((email) => !unconfirmed.includes(email))).toEqual([])
      unconfirmedAfterKills = unconfirmed
      lostAfterKills = lost.map((row) => row.email)

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
        `[updates] ${PEOPLE} recipients, ${KILLS} kills: ${delivered.length} SMTP deliveries to ${deliveries.size} of ${reachable.length} readers, none twice; ${lost.length} recorded as sent and cut off by a kill (the SMTP server saw ${inbox.interrupted} messages cut before their dot, ${inbox.unanswered} whole whose sender died before its answer, which it drops); ${refused.length} refused and marked`,
      )

      const marked = await withDatabase((sql) =>
        sql.query<{ marked: boolean }>('select guard.undeliverable(address) as marked from unnest($1::text[]) as address', [
          refused,
        ]),
      )
      expect(marked.rows.every((row) => row.marked)).toBe(true)
    },
  )

  it(
    'shows the team as many unconfirmed readers as there are, and sending again to them reaches every reader',
    {
      timeout: 180_000,
    },
    async () => {
      expect(first).not.toBe('')
      const running = await start()
      const cookie = await launchCookie(running.url, EDITOR_TOKEN)
      const launch = async <T>(path: string, method = 'GET') => {
        const response = await fetch(`${running.url}/api/launch${path}`, { method, headers: { cookie, origin: STUDIO_ORIGIN } })
        const body = await response.text()
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${body}`)
        return { status: response.status, body: JSON.parse(body) as T }
      }
      const update = async () =>
        (await launch<{ updates: Update[] }>('/updates')).body.updates.find((listed) => listed.id === first)
      // Shown once no sender holds them any more: the leases of the last killed process run out.
      const shown = await eventually(update, (listed) => listed?.unconfirmed === unconfirmedAfterKills.length, 60_000)
      expect(shown).toMatchObject({ state: 'sent', unconfirmed: unconfirmedAfterKills.length })

      const resent = await launch<{ queued: number }>(`/updates/${first}/resend-unconfirmed`, 'POST')
      expect(resent).toEqual({ status: 200, body: { queued: unconfirmedAfterKills.length } })
      // Sent at the update's rate through the same sender; open again until they are done.
      const done = await eventually(update, (listed) => listed?.state === 'sent', 120_000)
      expect(done).toMatchObject({ sent: reachable.length, bounced: refused.length, queued: 0, unconfirmed: 0 })
      await stop()

      const deliveries = deliveriesOf(first)
      // Every reader has it now, at least once; none refused got it.
      expect(reachable.filter((email) => !deliveries.has(email))).toEqual([])
      expect([...deliveries.keys()].filter((email) => refused.includes(email))).toEqual([])
      // A clean run leaves nothing unconfirmed.
      expect(await withDatabase((sql) => unconfirmedOf(sql, first))).toEqual([])
      // Whoever the server had kept the first copy for got it twice: how many is a race, logged, not asserted.
      const twice = [...deliveries].filter(([, count]) => count > 1).map(([email]) => email)
      expect(twice.filter((email) => !unconfirmedAfterKills.includes(email))).toEqual([])
      console.info(
        `[updates] after ${KILLS} kills: ${unconfirmedAfterKills.length} unconfirmed (the Launch API showed ${shown?.unconfirmed}), of which ${lostAfterKills.length} the SMTP server never had; sent again to them: every one of ${reachable.length} readers has it, ${twice.length} twice`,
      )
    },
  )

  it('skips the refused readers in the next update', { timeout: 120_000 }, async () => {
    const next = crypto.randomUUID()
    expect(await withDatabase((sql) => send(sql, next))).toMatchObject({ recipients: reachable.length })
    await sendOut(await start())
    expect(await withDatabase((sql) => progress(sql, next))).toMatchObject({
      completed: true,
      sent: reachable.length,
      bounced: 0,
      failed: 0,
    })
    expect(deliveredOf(next)).toHaveLength(reachable.length)
    expect(deliveredOf(next).filter((mail) => refused.includes(mail.envelope.to[0] ?? ''))).toEqual([])
  })
})
