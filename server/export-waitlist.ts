import { resolve } from 'node:path'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { toCsv } from './waitlist-csv.ts'

/** `npm run waitlist:export > waitlist.csv`: every sign-up, oldest first, from the configured database. */
async function main() {
  const config = loadConfig(process.env)
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) })
  try {
    await migrate(db, resolve('supabase/migrations'))
    const { rows } = await db.query<Record<string, unknown>>(
      `select w.email, w.role, w.company_size, w.created_at, e.locale, e.status as welcome_status, e.sent_at as welcomed_at
       from public.waitlist w left join public.welcome_emails e on e.waitlist_id = w.id
       order by w.created_at, w.email`,
    )
    process.stdout.write(toCsv(['email', 'role', 'company_size', 'created_at', 'locale', 'welcome_status', 'welcomed_at'], rows))
    console.error(`${rows.length} sign-ups exported from ${db.kind}.`)
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
