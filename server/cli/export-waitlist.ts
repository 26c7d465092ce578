import { resolve } from 'node:path'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { toCsv } from './waitlist-csv.ts'

/**
 * `npm run waitlist:export > waitlist.csv`: every sign-up, oldest first, from the configured
 * database, saying which are confirmed and under which consent text.
 */
async function main() {
  const config = loadConfig(process.env)
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) })
  try {
    await migrate(db, resolve('supabase/migrations'))
    // Only confirmed places have given consent (docs/product.md §4.5): write only to those.
    const { rows } = await db.query<Record<string, unknown>>(
      `select w.email, w.role, w.company_size, w.created_at,
              case when w.confirmed_at is null then 'no' else 'yes' end as confirmed,
              w.confirmed_at, w.consent_locale, w.consent_version,
              e.locale, e.status as welcome_status, e.sent_at as welcomed_at
       from public.waitlist w left join public.welcome_emails e on e.waitlist_id = w.id
       order by w.created_at, w.email`,
    )
    const columns = [
      'email',
      'role',
      'company_size',
      'created_at',
      'confirmed',
      'confirmed_at',
      'consent_locale',
      'consent_version',
      'locale',
      'welcome_status',
      'welcomed_at',
    ]
    process.stdout.write(toCsv(columns, rows))
    const confirmed = rows.filter((row) => row.confirmed === 'yes').length
    console.error(`${rows.length} sign-ups exported from ${db.kind}, ${confirmed} of them confirmed.`)
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
