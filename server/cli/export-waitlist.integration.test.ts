// `npm run waitlist:export` as the team runs it: a process reading the configured database and
// writing CSV to stdout, which says which places are confirmed.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, type Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'

const ROOT = resolve(import.meta.dirname, '../..')

describe('npm run waitlist:export', () => {
  let database: ThrowawayDatabase
  let db: Database

  beforeAll(async () => {
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    db = await openDatabase({ databaseUrl: database.url, dataDir: ROOT })
    await migrate(db, resolve(ROOT, 'supabase/migrations'))
    await db.query(
      `insert into public.waitlist (email, role, created_at, confirmed_at, consent_locale, consent_version) values
         ('ana@empresa.com', 'Head de Pessoas', '2026-11-20T10:00:00Z', '2026-11-20T10:05:00Z', 'pt', '2026-11-23'),
         ('bob@company.com', 'CTO', '2026-11-21T10:00:00Z', null, null, null)`,
    )
  })

  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  it('writes every sign-up with whether it is confirmed, when, in which language and under which consent text', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['server/cli/export-waitlist.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    })
    const [header, ...lines] = stdout.trimEnd().split('\r\n')
    expect(header).toBe(
      '"email","role","company_size","created_at","confirmed","confirmed_at","consent_locale","consent_version","locale","welcome_status","welcomed_at"',
    )
    expect(lines).toEqual([
      '"ana@empresa.com","Head de Pessoas","unknown","2026-11-20T10:00:00.000Z","yes","2026-11-20T10:05:00.000Z","pt","2026-11-23","","",""',
      '"bob@company.com","CTO","unknown","2026-11-21T10:00:00.000Z","no","","","","","",""',
    ])
    expect(stderr).toContain('2 sign-ups exported from postgres, 1 of them confirmed.')
  })

  it('says only why, without a stack, when a running server holds the embedded database', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pulso-export-held-'))
    const server = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      const { DATABASE_URL: _shared, ...env } = process.env
      const failed = await promisify(execFile)(process.execPath, ['server/cli/export-waitlist.ts'], {
        cwd: ROOT,
        // No wait for the server to let go (12 s by default): it holds the database till the test ends.
        env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PGLITE_LOCK_WAIT_SECONDS: '0' },
      }).then(
        () => undefined,
        (error: unknown) => error as { code: number; stdout: string; stderr: string },
      )
      expect(failed?.code).toBe(1)
      expect(failed?.stdout).toBe('')
      expect(failed?.stderr.trimEnd().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^The embedded database in .*pglite is in use by process ${process.pid} \\(a running server\\?\\)\\. Stop it first`,
          ),
        ),
      ])
    } finally {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
