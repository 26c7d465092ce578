import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from '../config.ts'
import { openDatabase, type Database } from '../db/database.ts'
import { makeDataDirPrivate } from '../db/private-data-dir.ts'
import { migrate } from '../db/migrate.ts'
import { applyReferralLimits, applyRemovalMemory, applyRequestLimits } from '../db/request-limits.ts'
import { startMaintenance } from '../db/maintenance.ts'
import { createFileMailer } from '../mail/file-mailer.ts'
import { startWelcomeSender, type WelcomeSender } from '../mail/welcome-sender.ts'
import { createVisitorLoad, type VisitorLoad } from '../mail/visitor-load.ts'
import type { Sweeper } from '../outbox/sweeper.ts'
import { startWebhookSender } from '../webhooks/webhook-sender.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { controlSocketPath, listenForBackups } from '../backup/control-socket.ts'
import { takeSnapshot } from '../backup/take-snapshot.ts'
import { observeSend, observeWebhookAttempt } from '../metrics/observers.ts'
import type { QuerySource } from '../site/query-source.ts'
import { createSmtpMailer } from '../../supabase/functions/_shared/delivery/smtp-mailer.ts'
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import {
  createWaitlistPlaces,
  sweepUnconfirmed,
  type WaitlistPlaces,
} from '../../supabase/functions/_shared/links/waitlist-places.ts'
import { storedSecret } from '../../supabase/functions/_shared/runtime/stored-secret.ts'
import { functionLog } from './function-log.ts'
import { createMailComposer, type MailCopyContent } from '../../supabase/functions/_shared/delivery/mail-composer.ts'
import type { Mailer } from '../../supabase/functions/_shared/delivery/mailer.ts'
import { noteReferralSettings } from '../../supabase/functions/_shared/referrals/referral-settings.ts'
import type { UpdateContent } from '../../supabase/functions/_shared/updates/update-body.ts'
import { updatePreviews, type UpdatePreviews } from '../updates/update-previews.ts'
import {
  currentConsentVersion,
  noteConsentVersion,
  type CurrentConsentVersion,
} from '../../supabase/functions/_shared/welcome/consent-versions.ts'

/** How long a burst of sign-ups keeps the sender waiting before it sends one message at a time. */
const VISITORS_FIRST_HOLD_MS = 2_000

export interface SignupBackend {
  db: Database
  sender: WelcomeSender
  /** Delivers the signed webhooks the database's triggers write. */
  webhooks: Sweeper
  /** The places on the waitlist the personal links act on. */
  places: WaitlistPlaces
  /** The key the personal links are signed with (LINK_SECRET, or the one kept in the database). */
  linkSecret: () => Promise<string>
  /** The key the proof-of-work challenges are signed with; undefined when CAPTCHA=off. */
  proofOfWorkKey: (() => Promise<string>) | undefined
  /** The sign-up requests being answered, which the sender lets go first. */
  visitors: VisitorLoad
  /** The privacy note's current version, from the content (the versions a consent may name). */
  consentVersion: CurrentConsentVersion
  /** An update's preview and test send, in the words and through the mailer its readers get. */
  updatePreviews: UpdatePreviews
  close(): Promise<void>
}

/** What the sign-up backend reads from the content: the mail's copy, the privacy note's version, each update by its document's id. */
export interface SignupContent {
  mailCopy: QuerySource<MailCopyContent | undefined>
  privacyNoteVersion: QuerySource<string | null | undefined>
  updateContent: (documentId: string) => Promise<UpdateContent | undefined>
}

/** The self-hosted sign-up backend: migrated database, mailer and the welcome sender. */
export async function startSignupBackend(
  config: ServerConfig,
  { mailCopy, privacyNoteVersion, updateContent }: SignupContent,
  log: FastifyBaseLogger,
  metrics?: Pick<Metrics, 'mailSends' | 'webhookDeliveries'>,
): Promise<SignupBackend> {
  const dataDir = resolve(config.dataDir)
  await makeDataDirPrivate(dataDir)
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, lockWaitSeconds: config.lockWaitSeconds })
  try {
    const applied = await migrate(db, resolve('supabase/migrations'))
    log.info({ database: db.kind, applied }, applied.length > 0 ? 'migrations applied' : 'database schema up to date')
    const linkSecret = storedSecret(db, 'link_secret', config.links.secret)
    // Now rather than at the first welcome: a database that cannot keep the key stops the start.
    await linkSecret()
    const { captcha } = config.abuse
    const proofOfWorkKey = captcha ? storedSecret(db, 'altcha_hmac_key', captcha.hmacKey) : undefined
    await applyRequestLimits(db, config.abuse.limits)
    await applyRemovalMemory(db, config.links.removalMemoryDays)
    await applyReferralLimits(db, config.referrals)
    const maintenance = startMaintenance(db, log)

    const mailDir = join(dataDir, 'mail')
    const { delivery } = config.mail
    const mailer: Mailer = config.mail.smtpUrl
      ? createSmtpMailer(config.mail.smtpUrl, { connections: delivery.concurrency, dkim: config.mail.dkim })
      : createFileMailer(mailDir, (path) => log.info({ path }, 'welcome email written'))

    const store = createWelcomeStore(db)
    if (db.kind === 'pglite') {
      // This process holds the embedded database alone: any lease in it is a dead process's.
      const taken = await store.releaseAbandoned()
      if (taken > 0) log.info({ welcomes: taken }, 'took back the welcomes a stopped server was sending')
    }
    const places = createWaitlistPlaces(db)
    const deliveryLog = functionLog(log)
    const consentVersion = currentConsentVersion(privacyNoteVersion, deliveryLog)
    const compose = createMailComposer({
      from: config.mail.from,
      siteUrl: config.siteUrl,
      linkSecret,
      retentionDays: config.links.retentionDays,
      // The copy comes from the content, so each email says what the Studio says.
      content: mailCopy,
      updateContent,
      fallbackContact: config.mail.from,
      log: deliveryLog,
    })
    const webhooks = await startWebhookSender(db, {
      ...config.webhooks,
      log: deliveryLog,
      ...(metrics ? { onAttempt: observeWebhookAttempt(metrics) } : {}),
    })
    const visitors = createVisitorLoad()
    const sender = startWelcomeSender(
      {
        store,
        mailer,
        compose,
        log: deliveryLog,
        policy: delivery,
        visitorsFirst: { busy: visitors.busy, holdMs: VISITORS_FIRST_HOLD_MS },
        ...(metrics ? { onSend: observeSend(metrics) } : {}),
      },
      {
        sweepMs: config.mail.sweepMs,
        counts: () => store.counts(),
        // docs/product.md §4.5: places never confirmed are deleted by the sweep that sends mail; §13.3: the referral rules follow the content.
        afterDelivery: async () => {
          await noteConsentVersion(db, consentVersion, deliveryLog)
          await noteReferralSettings(db, mailCopy, deliveryLog)
          await sweepUnconfirmed(places, config.links.retentionDays, deliveryLog)
        },
      },
    )

    // `npm run backup` asks this process for the embedded database's snapshot: no other may open it.
    // Without the socket (a DATA_DIR path too long for one) the server runs on; its schedule still backs up.
    const backups =
      db.kind === 'pglite'
        ? await listenForBackups(controlSocketPath(dataDir), (dir) => takeSnapshot(db, { dir, databaseUrl: undefined })).catch(
            (error: unknown) =>
              void log.warn({ err: error }, 'npm run backup cannot reach this server: its socket could not be opened'),
          )
        : undefined
    return {
      db,
      sender,
      webhooks,
      places,
      linkSecret,
      proofOfWorkKey,
      visitors,
      consentVersion,
      updatePreviews: updatePreviews({
        from: config.mail.from,
        siteUrl: config.siteUrl,
        linkSecret,
        content: mailCopy,
        updateContent,
        fallbackContact: config.mail.from,
        mailer,
        log: deliveryLog,
      }),
      async close() {
        await Promise.all([sender.stop(), webhooks.stop()])
        mailer.close?.()
        await maintenance.stop()
        await backups?.close()
        await db.close()
      },
    }
  } catch (error) {
    await db.close()
    throw error
  }
}
