// Migration 20261130090000 on a database that already counted with the step triggers it drops: the
// report reads the same numbers after it as before, and the rows those triggers wrote for places
// that are still listed are taken back (those places' steps are read from their rows now).
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrate.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

const MIGRATIONS = resolve('supabase/migrations')
const STEPS_FROM_ROWS = '20261130090000_steps_read_from_their_rows.sql'

describe.each(databaseKinds)('sign-up steps read from their rows, migrated on $kind', ({ open }) => {
  let migrations: string
  let database: MigratedDatabase
  beforeAll(async () => {
    migrations = await mkdtemp(join(tmpdir(), 'pulso-migrations-'))
    for (const file of await readdir(MIGRATIONS)) {
      if (file.endsWith('.sql') && file < STEPS_FROM_ROWS) await copyFile(join(MIGRATIONS, file), join(migrations, file))
    }
    database = await open(migrations)
  })
  afterAll(async () => {
    await database?.close()
    await rm(migrations, { recursive: true, force: true })
  })

  const report = async () => {
    const { rows } = await database.db.query<{ report: unknown }>(
      `select analytics.report(current_date - 1, current_date, '{}') as report`,
    )
    return rows[0]?.report
  }
  /** How many rows of each step `table` holds. */
  const stepsIn = async (table: 'signup_steps' | 'recorded_steps') => {
    const { rows } = await database.db.query<{ step: string; count: number }>(
      `select step, count(*)::int as count from analytics.${table} group by step order by step`,
    )
    return Object.fromEntries(rows.map(({ step, count }) => [step, count]))
  }

  it('keeps every number of the report and keeps only the steps no living row says', async () => {
    const { db } = database
    // Nine places in three attributions (one source repeated), six welcomed, four confirmed, two removed.
    await db.query(`
      insert into public.waitlist (email, role, signup_locale, signup_device, utm_source, utm_campaign)
      select 'pessoa-' || n || '@empresa.com.br', 'Gestora',
             case when n % 3 = 0 then null else (array['pt', 'en'])[1 + n % 2] end,
             case when n % 3 = 0 then null else 'phone' end,
             case when n % 3 = 1 then 'newsletter' end,
             case when n % 3 = 1 then 'lancamento' end
      from generate_series(1, 9) as n`)
    await db.query(`
      insert into public.welcome_emails (waitlist_id, email, name, locale)
      select id, email, 'Ana', 'pt' from public.waitlist where email ~ '^pessoa-[1-6]@'`)
    await db.query(`update public.waitlist set confirmed_at = now() where email ~ '^pessoa-[1-4]@'`)
    for (const n of [1, 7]) {
      await db.query(`select guard.remove_place(id) from public.waitlist where email = $1`, [`pessoa-${n}@empresa.com.br`])
    }
    const before = await report()
    expect(before).toMatchObject({ totals: { signups: 9, welcomes: 6, confirmations: 4, removals: 2 } })
    expect(await stepsIn('signup_steps')).toEqual({ confirmation: 4, removal: 2, signup: 9, welcome: 6 })

    await copyFile(join(MIGRATIONS, STEPS_FROM_ROWS), join(migrations, STEPS_FROM_ROWS))
    expect(await migrate(db, migrations)).toEqual([STEPS_FROM_ROWS])

    expect(await report()).toEqual(before)
    // What is left recorded: the steps of the two removed places (one welcomed and confirmed) and their removals.
    expect(await stepsIn('recorded_steps')).toEqual({ confirmation: 1, removal: 2, signup: 2, welcome: 1 })
  })
})
