import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from './config.ts'
import { openDatabase, type Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { applyRequestLimits } from './db/request-limits.ts'
import { scheduleVacuum } from './db/vacuum.ts'
import { createFileMailer } from './mail/file-mailer.ts'
import { startWelcomeSender, type WelcomeSender } from './mail/welcome-sender.ts'
import type { PageContentSource } from './content/page-content.ts'
import { createSmtpMailer } from '../supabase/functions/_shared/smtp-mailer.ts'
import { createWelcomeStore } from '../supabase/functions/_shared/welcome-store.ts'
import type { Mailer } from '../supabase/functions/_shared/mailer.ts'

export interface SignupBackend {
  db: Database
  sender: WelcomeSender
  close(): Promise<void>
}

/** How often the embedded database is vacuumed (it has no autovacuum). */
const VACUUM_EVERY_MS = 10 * 60_000

/** The self-hosted sign-up backend: migrated database, mailer and the welcome sender. */
export async function startSignupBackend(
  config: ServerConfig,
  pageContent: PageContentSource,
  log: FastifyBaseLogger,
): Promise<SignupBackend> {
  const dataDir = resolve(config.dataDir)
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir })
  const applied = await migrate(db, resolve('supabase/migrations'))
  log.info({ database: db.kind, applied }, applied.length > 0 ? 'migrations applied' : 'database schema up to date')
  await applyRequestLimits(db, config.abuse.limits)
  // PostgreSQL vacuums itself; the embedded database needs it done.
  const vacuum =
    db.kind === 'pglite' ? scheduleVacuum(db, VACUUM_EVERY_MS, (error) => log.error({ err: error }, 'vacuum failed')) : undefined

  const mailDir = join(dataDir, 'mail')
  const mailer: Mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl)
    : createFileMailer(mailDir, (path) => log.info({ path }, 'welcome email written'))

  const store = createWelcomeStore(db)
  const sender = startWelcomeSender(async () => {
    // Brand and contact address come from the content, so the email says what the page says.
    const settings = (await pageContent().catch(() => undefined))?.settings
    return {
      store,
      mailer,
      from: config.mail.from,
      brand: { name: settings?.brandName ?? 'Pulso', contactEmail: settings?.email ?? config.mail.from },
      log: (level, message, details) => log[level](details ?? {}, message),
    }
  }, config.mail.sweepMs)

  return {
    db,
    sender,
    async close() {
      await sender.stop()
      await vacuum?.stop()
      await db.close()
    },
  }
}
