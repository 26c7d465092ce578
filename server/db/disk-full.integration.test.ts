// The disk under the database fills up while visitors sign up, then an operator frees it. On the
// embedded database the whole DATA_DIR is on a small disk; on PostgreSQL the test database's
// tablespace is (its write-ahead log stays on the main disk, as when a data volume fills). The
// server must answer a clear 503 to every write the database refuses for lack of room, never a 500,
// keep serving pages, lose no acknowledged sign-up, and send every acknowledged welcome once the
// disk has room again, by itself.
import { chownSync, mkdirSync, statSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../test/database/embedded-postgres.ts'
import { createThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { mountSmallDisk, smallDisksMount, type SmallDisk } from '../../test/disk/small-disk.ts'
import { eventually, uniqueAddress } from '../../test/eventually.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { LOAD_SERVER_ENV, signUp, visitor, type SignUpOutcome } from '../../test/server/visitors.ts'

if (!smallDisksMount) console.info('[disk-full] skipped: mounting a small disk (tmpfs) needs root')

/** Room for the embedded database's files or a database copied from template1, and little more. */
const DISK_MEGABYTES = 96

interface DiskVariant {
  name: string
  /** The server's environment with its database on `disk`, and how to clean up after it. */
  database: (disk: SmallDisk) => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>
}

const variants: DiskVariant[] = [
  { name: 'PGlite', database: async (disk) => ({ env: { DATA_DIR: `${disk.dir}/data` }, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    // A PostgreSQL server of its own: one whose tablespace is full fails every other database's
    // checkpoint, and with it their CREATE DATABASE, were the test to stop before it frees the disk.
    database: async (disk) => {
      const postgres = await startEmbeddedPostgres()
      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      try {
        // A tablespace's directory belongs to the user PostgreSQL runs as.
        const { rows } = await admin.query<{ data_directory: string }>('show data_directory')
        const owner = statSync(rows[0]!.data_directory)
        const location = `${disk.dir}/pg`
        mkdirSync(location)
        chownSync(location, owner.uid, owner.gid)
        await admin.query(`create tablespace small_disk location '${location}'`)
      } finally {
        await admin.end()
      }
      const database = await createThrowawayDatabase(postgres.url, { tablespace: 'small_disk' })
      return { env: { DATABASE_URL: database.url }, drop: () => postgres.stop() }
    },
  },
]

describe.skipIf(!smallDisksMount).each(variants)('a server whose disk fills up, on $name', (variant) => {
  let disk: SmallDisk
  let drop: () => Promise<void>
  let inbox: SmtpInbox
  let server: TestServer

  beforeAll(async () => {
    disk = mountSmallDisk(DISK_MEGABYTES)
    const database = await variant.database(disk)
    drop = database.drop
    inbox = await startSmtpInbox()
    server = await startTestServer({ ...LOAD_SERVER_ENV, ...database.env, SMTP_URL: inbox.url })
  }, 120_000)

  afterAll(async () => {
    disk?.free()
    await server?.close()
    await inbox?.close()
    await drop?.()
    disk?.unmount()
  })

  const stored = async (emails: string[]) => {
    const { rows } = await server.backend.db.query<{ email: string }>('select email from public.waitlist where email = any($1)', [
      emails,
    ])
    return rows.map((row) => row.email).sort()
  }

  it(
    'answers 503, never 500, while it is full; keeps every sign-up it acknowledged; sends their welcomes once it has room',
    { timeout: 120_000 },
    async () => {
      const before = uniqueAddress('before-full')
      expect(await signUp(visitor(server.url, 1), { email: before, name: 'Pessoa' })).toMatchObject({ insert: 201, welcome: 202 })

      disk.fill()
      // Rows fit in pages the database already has until one needs a new page: sign up until that
      // happens (the first answer that is not a success), however many that takes.
      const answers: Array<SignUpOutcome & { email: string }> = []
      const succeeded = (answer: SignUpOutcome) => answer.insert === 201 && answer.welcome === 202
      for (let n = 0; n < 5_000 && answers.every(succeeded); n += 1) {
        const email = uniqueAddress('while-full')
        answers.push({ email, ...(await signUp(visitor(server.url, 100 + n), { email, name: 'Pessoa' })) })
      }
      const pairs = new Set(answers.map((answer) => `${answer.insert}/${answer.welcome}`))
      expect([...pairs].every((pair) => /^(201|503)\/(202|503)$/.test(pair))).toBe(true)
      expect(answers.some((answer) => answer.insert === 503 || answer.welcome === 503)).toBe(true)
      // Refused again, not only once, and with PostgREST's body.
      const refused = await fetch(`${server.url}/rest/v1/waitlist`, {
        method: 'POST',
        headers: { apikey: 'local-anon-key', 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
        body: JSON.stringify({ email: uniqueAddress('refused'), role: 'CTO', company_size: 'unknown' }),
      })
      expect(refused.status).toBe(503)
      expect(await refused.json()).toMatchObject({ code: '53100' })
      // Pages do not need the disk.
      expect((await fetch(`${server.url}/`)).status).toBe(200)

      disk.free()
      const after = uniqueAddress('after-full')
      expect(await signUp(visitor(server.url, 99), { email: after, name: 'Pessoa' })).toMatchObject({ insert: 201, welcome: 202 })

      const acknowledged = [before, ...answers.filter((answer) => answer.insert === 201).map((answer) => answer.email), after]
      expect(await stored(answers.map((answer) => answer.email).concat(before, after))).toEqual(acknowledged.sort())
      const welcomed = [
        before,
        ...answers.filter((answer) => answer.insert === 201 && answer.welcome === 202).map((a) => a.email),
        after,
      ]
      await eventually(
        async () => welcomed.filter((email) => inbox.to(email).length === 0),
        (missing) => missing.length === 0,
        60_000,
      )
      expect(welcomed.filter((email) => inbox.to(email).length !== 1)).toEqual([])
      console.info(
        `[disk-full] ${variant.name}: ${answers.length} sign-ups on a full disk, answers ${[...pairs].sort().join(', ')}; ` +
          `${welcomed.length} welcomes, each once`,
      )
    },
  )
})
