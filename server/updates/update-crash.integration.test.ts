// An update sent through the self-hosted server's own sender while the server is killed (SIGKILL)
// five times, on both databases, to an SMTP server that refuses 5 % of the recipients for good.
// Counted as the SMTP server counts them (messages it accepted, per recipient): no reader gets the
// update twice, since an update's message is recorded as sent before the server can accept it
// (decision 0088: at most once); a reader the server never got it for can only be one whose "sent"
// a killed process committed just before it died (its dot never went out). The refused ones are
// marked undeliverable and counted as bounced, and the next update skips them.
// The database is read and written only while the server is stopped: the embedded one admits one
// process at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/database.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { eventually } from '../../test/eventually.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { scrape } from '../../test/metrics/scrape.ts'
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
      UPDATE_RATE: '50',
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
        'select sent, bounced, failed, completed_at is not null as completed from updates.updates where id = $1',
        [id],
      )
      .then(({ rows }) => rows[0])
  const deliveredOf = (id: string) => inbox.messages.filter((mail) => mail.header('message-id')?.startsWith(`<update-${id}-`))

  it(
    'reaches no reader twice across five kills, loses none but what a kill cut off, and marks the refused ones',
    { timeout: 300_000 },
    async () => {
      const first = crypto.randomUUID()
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
      const deliveries = new Map<string, number>()
      for (const mail of delivered)
        deliveries.set(mail.envelope.to[0] ?? '', (deliveries.get(mail.envelope.to[0] ?? '') ?? 0) + 1)
      // No reader got it twice, as the SMTP server counts; none refused got it.
      expect([...deliveries].filter(([, count]) => count > 1)).toEqual([])
      expect([...deliveries.keys()].filter((email) => refused.includes(email))).toEqual([])

      const { done, lost } = await withDatabase(async (sql) => ({
        done: await progress(sql, first),
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
      // It ends at the next start, not at the kill: on a busy machine a statement the process sent just
      // before it died can begin in the database after the kill, and nothing else writes until then.
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
      ).toEqual([])
      expect(lost.length).toBeLessThanOrEqual(KILLS * CONCURRENCY)
      expect(deliveries.size + lost.length).toBe(reachable.length)

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
