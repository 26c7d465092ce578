import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from './config.ts'
import { openDatabase, type Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { createFileMailer } from './mail/file-mailer.ts'
import { startWelcomeSender, type WelcomeSender } from './mail/welcome-sender.ts'
import { createVisitorLoad, type VisitorLoad } from './mail/visitor-load.ts'
import type { PageContentSource } from './content/page-content.ts'
import { createSmtpMailer } from '../supabase/functions/_shared/smtp-mailer.ts'
import { createWelcomeStore } from '../supabase/functions/_shared/welcome-store.ts'
import type { Mailer } from '../supabase/functions/_shared/mailer.ts'

/** How long a burst of sign-ups keeps the sender waiting before it sends one message at a time. */
const VISITORS_FIRST_HOLD_MS = 2_000

export interface SignupBackend {
  db: Database
  sender: WelcomeSender
  /** The sign-up requests being answered, which the sender lets go first. */
  visitors: VisitorLoad
  close(): Promise<void>
}

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

  const mailDir = join(dataDir, 'mail')
  const { delivery } = config.mail
  const mailer: Mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, { connections: delivery.concurrency })
    : createFileMailer(mailDir, (path) => log.info({ path }, 'welcome email written'))

  const store = createWelcomeStore(db)
  if (db.kind === 'pglite') {
    // This process holds the embedded database alone: any lease in it is a dead process's.
    const taken = await store.releaseAbandoned()
    if (taken > 0) log.info({ welcomes: taken }, 'took back the welcomes a stopped server was sending')
  }
  const visitors = createVisitorLoad()
  const sender = startWelcomeSender(
    async () => {
      // Brand and contact address come from the content, so the email says what the page says.
      const settings = (await pageContent().catch(() => undefined))?.settings
      return {
        store,
        mailer,
        from: config.mail.from,
        brand: { name: settings?.brandName ?? 'Pulso', contactEmail: settings?.email ?? config.mail.from },
        log: (level, message, details) => log[level](details ?? {}, message),
        policy: delivery,
        visitorsFirst: { busy: visitors.busy, holdMs: VISITORS_FIRST_HOLD_MS },
      }
    },
    { sweepMs: config.mail.sweepMs, counts: () => store.counts() },
  )

  return {
    db,
    sender,
    visitors,
    async close() {
      await sender.stop()
      mailer.close?.()
      await db.close()
    },
  }
}
