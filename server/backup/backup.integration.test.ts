// Backups on both databases, as an operator takes them: `npm run backup` while the server runs
// (on the embedded database, through the server itself), `npm run restore FILE` into an empty
// database, every table's rows equal before and after; a snapshot taken under 100 sign-ups a
// second restores to one instant's state; the server's own schedule takes one and prunes the rest.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sqlAnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { tableDigests } from '../../test/database/table-digests.ts'
import { createThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { scrape } from '../../test/metrics/scrape.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhooks/webhook-receiver.ts'
import { openDatabase, type Database } from '../db/database.ts'
import { sqlWebhookAdmin } from '../webhooks/webhook-admin.ts'
import { restorePgliteSnapshot } from './pglite-snapshot.ts'
import { restorePostgresSnapshot } from './postgres-snapshot.ts'
import { takeSnapshot } from './take-snapshot.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const ANON_KEY = 'local-anon-key'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const DAY = 86_400_000

/** A command of package.json run as `npm run` runs it, with `env` over this process's environment. */
async function command(script: 'backup' | 'restore', env: Record<string, string | undefined>, ...args: string[]) {
  const { DATABASE_URL: _inherited, ...base } = process.env
  return promisify(execFile)(process.execPath, [`server/cli/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...base, LOG_LEVEL: 'silent', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

describe.each(databaseVariants)('backups on $name', ({ name, database }) => {
  const embedded = name === 'PGlite'
  const drops: (() => Promise<void>)[] = []
  let work: string
  let databaseUrl: string | undefined
  let server: TestServer
  let inbox: SmtpInbox
  let receiver: WebhookReceiver

  /** An empty database to restore into: a data folder, or a new PostgreSQL database. */
  async function emptyTarget(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
    if (embedded) {
      const dataDir = await mkdtemp(join(work, 'restored-'))
      return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ databaseUrl: undefined, dataDir }) }
    }
    const target = await createThrowawayDatabase(inject('testDatabaseUrl'))
    drops.push(target.drop)
    return { env: { DATABASE_URL: target.url }, open: () => openDatabase({ databaseUrl: target.url, dataDir: work }) }
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'pulso-backups-'))
    const throwaway = await database()
    drops.push(throwaway.drop)
    databaseUrl = throwaway.env.DATABASE_URL
    inbox = await startSmtpInbox()
    receiver = await startWebhookReceiver()
    // The schedule's folder holds three old snapshots (and a file of the operator's): the server,
    // due at once, takes one and keeps the newest two.
    const scheduled = join(work, 'scheduled')
    await rm(scheduled, { recursive: true, force: true })
    await promisify(execFile)('mkdir', ['-p', scheduled])
    for (const daysAgo of [2, 3, 4]) {
      const stamp = new Date(Date.now() - daysAgo * DAY).toISOString().replace(/:/g, '')
      await writeFile(join(scheduled, `pulso-${stamp}.${embedded ? 'pglite.tar.gz' : 'pgdump'}`), 'an old snapshot')
    }
    await writeFile(join(scheduled, 'notes.txt'), 'the operator’s own file')
    server = await startTestServer({
      DATA_DIR: join(work, 'data'),
      SMTP_URL: inbox.url,
      CAPTCHA: 'off',
      TRUST_PROXY: 'true',
      SIGNUP_LIMIT: '100000/1m',
      WELCOME_LIMIT_PER_CLIENT: '100000/1m',
      MAIL_RETRY_SECONDS: '600',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '0.1',
      BACKUP_EVERY: '1h',
      BACKUP_KEEP: '2',
      BACKUP_DIR: scheduled,
      ...throwaway.env,
    })
    const { secret } = await sqlWebhookAdmin(server.backend.db).create('tests', {
      url: receiver.url,
      description: 'backups',
      events: ['waitlist.signup.created', 'waitlist.signup.confirmed'],
    })
    receiver.secrets.push(secret)
  }, 120_000)

  afterAll(async () => {
    await receiver?.close()
    await server?.close()
    await inbox?.close()
    for (const drop of drops) await drop()
    await rm(work, { recursive: true, force: true })
  })

  let visitors = 0
  const signUp = (email: string) =>
    fetch(`${server.url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${(visitors += 1) % 250}` },
      body: JSON.stringify({ email, role: 'Head of People', company_size: 'unknown' }),
    })
  const welcome = (email: string) =>
    fetch(`${server.url}/functions/v1/send-welcome-email`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: email.split('@')[0],
        email,
        role: 'Head of People',
        lang: 'en',
        consentVersion: '2026-11-23',
      }),
    })
  const idOf = async (email: string) =>
    (await server.backend.db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])).rows[0]!.id

  /** Nothing due in either outbox and nothing held: the database stays as it is until something new happens. */
  const quiet = () =>
    vi.waitFor(
      async () => {
        const { rows } = await server.backend.db.query<{ busy: string }>(
          `select (select count(*) from public.welcome_emails where status = 'pending' and (next_attempt_at <= now() or leased_until is not null))
                + (select count(*) from webhooks.deliveries where status = 'pending') as busy`,
        )
        expect(Number(rows[0]?.busy)).toBe(0)
      },
      { timeout: 30_000, interval: 100 },
    )

  it('takes a scheduled snapshot at start and keeps the newest BACKUP_KEEP, files private to the server’s user', async () => {
    const scheduled = join(work, 'scheduled')
    const files = await vi.waitFor(
      async () => {
        const names = (await readdir(scheduled)).filter((file) => file.startsWith('pulso-'))
        expect(names.some((file) => file.startsWith(`pulso-${new Date().toISOString().slice(0, 10)}`))).toBe(true)
        expect(names).toHaveLength(2)
        return names.sort()
      },
      { timeout: 60_000, interval: 200 },
    )
    expect(files[0]).toContain(new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10))
    expect(await readdir(scheduled)).toContain('notes.txt')
    expect((await stat(scheduled)).mode & 0o777).toBe(0o700)
    expect((await stat(join(scheduled, files[1]!))).mode & 0o777).toBe(0o600)
    const metrics = await scrape(server.url)
    expect(metrics.value('pulso_backups_total', { result: 'ok' })).toBe(1)
    expect(metrics.value('pulso_backup_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 120)
  }, 90_000)

  it('restores sign-ups, confirmations, consent records, the outbox and the analytics as they were', async () => {
    inbox.refused.add('refused@backup.example')
    inbox.deferring.add('deferred@backup.example')
    const people = ['ana', 'bia', 'caio', 'dora', 'eli', 'refused', 'deferred', 'gil'].map((who) => `${who}@backup.example`)
    for (const email of people) expect((await signUp(email)).status).toBe(201)
    for (const email of people.slice(0, 7)) expect((await welcome(email)).status).toBe(202)
    for (const email of people.slice(0, 3)) await server.backend.places.confirm(await idOf(email))
    await server.backend.places.remove(await idOf('eli@backup.example'))
    for (let i = 0; i < 5; i += 1) {
      await server.app.inject({
        method: 'GET',
        url: `/?utm_source=newsletter&utm_campaign=launch`,
        headers: { accept: 'text/html', 'user-agent': BROWSER, 'x-forwarded-for': `10.8.0.${i}` },
      })
    }
    await server.analytics?.flush()
    await inbox.waitFor('dora@backup.example')
    await quiet()

    const { rows: outbox } = await server.backend.db.query<{ status: string; count: string }>(
      `select status, count(*) from public.welcome_emails where kind = 'welcome' group by status order by status`,
    )
    // The state the restore must bring back: failed, pending and sent welcomes, confirmed places with their consent.
    expect(Object.fromEntries(outbox.map((row) => [row.status, Number(row.count)]))).toMatchObject({ failed: 1, pending: 1 })
    const today = utcDay(new Date())
    const reportBefore = await sqlAnalyticsApi(server.backend.db).report(today, today, {})
    const before = await tableDigests(server.backend.db)

    const backupDir = join(work, 'by-hand')
    const taken = await command('backup', { BACKUP_DIR: backupDir, DATA_DIR: join(work, 'data'), DATABASE_URL: databaseUrl })
    expect(taken.stderr).toMatch(/written and checked in [\d.]+ s: .* 7 sign-ups, [\d,]+ rows in \d+ tables\./)
    const file = taken.stdout.trim()
    expect(file.startsWith(join(backupDir, 'pulso-'))).toBe(true)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    // Taking it changed nothing.
    expect(await tableDigests(server.backend.db)).toEqual(before)

    const target = await emptyTarget()
    const restored = await command('restore', target.env, file)
    expect(restored.stderr).toMatch(/^Restored 7 sign-ups, [\d,]+ rows in \d+ tables into /)
    const db = await target.open()
    try {
      // Every row of every table, but the days' salts, which no snapshot holds (a new one is made for today).
      const { 'analytics.salts': saltsBefore, ...rowsBefore } = before
      const { 'analytics.salts': saltsAfter, ...rowsAfter } = await tableDigests(db)
      expect(rowsAfter).toEqual(rowsBefore)
      expect(saltsBefore).toMatch(/^[12] rows/)
      expect(saltsAfter).toMatch(/^0 rows/)
      expect(await sqlAnalyticsApi(db).report(today, today, {})).toEqual(reportBefore)
      const { rows } = await db.query<{ confirmed: number; consent: number }>(
        `select (count(*) filter (where confirmed_at is not null))::int as confirmed, count(consent_version)::int as consent
         from public.waitlist`,
      )
      expect(rows[0]).toEqual({ confirmed: 3, consent: 3 })
    } finally {
      await db.close()
    }

    // The restored database is one a server runs on: its roles, grants and sequences came back too.
    const restoredServer = await startTestServer({ CAPTCHA: 'off', ...target.env })
    try {
      const response = await fetch(`${restoredServer.url}/rest/v1/waitlist`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'after@backup.example', role: 'CTO', company_size: 'unknown' }),
      })
      expect(response.status).toBe(201)
      const { rows } = await restoredServer.backend.db.query<{ count: number }>('select count(*)::int from public.waitlist')
      expect(rows[0]?.count).toBe(8)
    } finally {
      await restoredServer.close()
    }

    // A database that is not empty is never restored into; nor is a snapshot of the other kind.
    const again = await command('restore', target.env, file)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(embedded ? /already holds a database: a snapshot is restored into an empty one/ : /is not empty/)
    const wrongKind = await command(
      'restore',
      embedded ? { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } : { DATABASE_URL: '' },
      file,
    )
    expect(wrongKind.stderr).toMatch(
      embedded ? /snapshot of the embedded database: unset DATABASE_URL/ : /snapshot of PostgreSQL \(pg_dump\): set DATABASE_URL/,
    )
  }, 180_000)

  it('restores a snapshot taken under 100 sign-ups a second to the state of one instant', async () => {
    const total = 300
    const sent: number[] = []
    const acknowledged: number[] = []
    const statuses: number[] = []
    const emails = Array.from({ length: total }, (_, i) => `load-${i}@backup.example`)
    const started = performance.now()
    const loadStartedAt = new Date()
    // The snapshot starts once a hundred sign-ups are answered, while the others keep coming.
    let answered = 0
    let hundredAnswered = () => undefined as void
    const snapshot = new Promise<void>((resolve) => (hundredAnswered = resolve)).then(async () => {
      const began = performance.now()
      const { file } = await takeSnapshot(server.backend.db, { dir: join(work, 'under-load'), databaseUrl })
      return { file, began, ended: performance.now() }
    })
    const requests: Promise<void>[] = []
    for (let i = 0; i < total; i += 1) {
      const wait = started + i * 10 - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      sent[i] = performance.now()
      requests.push(
        signUp(emails[i]!).then((response) => {
          statuses[i] = response.status
          acknowledged[i] = performance.now()
          if ((answered += 1) === 100) hundredAnswered()
        }),
      )
    }
    await Promise.all(requests)
    expect(statuses.filter((status) => status !== 201)).toEqual([])
    const { file, began, ended } = await snapshot

    const target = await emptyTarget()
    if (embedded) await restorePgliteSnapshot(file, target.env.DATA_DIR!)
    else {
      const db = await target.open()
      await restorePostgresSnapshot(file, db, target.env.DATABASE_URL!).finally(() => db.close())
    }
    const restored = await target.open()
    try {
      const { rows } = await restored.query<{ email: string }>(`select email from public.waitlist where email like 'load-%'`)
      const present = new Set(rows.map((row) => row.email))
      // Every sign-up answered before the snapshot began is in it; none sent after it ended is.
      const mustBe = emails.filter((_, i) => acknowledged[i]! < began)
      const mayBe = new Set(emails.filter((_, i) => sent[i]! < ended))
      expect(mustBe.length).toBeGreaterThanOrEqual(100)
      expect(mustBe.filter((email) => !present.has(email))).toEqual([])
      expect([...present].filter((email) => !mayBe.has(email))).toEqual([])
      // No half of a sign-up: each place has the event its insert wrote in the same transaction, and
      // the delivery of it to the endpoint; no event or delivery without its place.
      const { rows: halves } = await restored.query<{ places: number; events: number; deliveries: number }>(
        `select (select count(*) from public.waitlist where email like 'load-%')::int as places,
                (select count(*) from webhooks.events where type = 'waitlist.signup.created' and created_at >= $1)::int as events,
                (select count(*) from webhooks.deliveries d join webhooks.events e on e.id = d.event_id
                 where e.type = 'waitlist.signup.created' and e.created_at >= $1)::int as deliveries`,
        [loadStartedAt],
      )
      expect(halves[0]).toEqual({ places: present.size, events: present.size, deliveries: present.size })
    } finally {
      await restored.close()
    }
  }, 180_000)
})
