import { linkUrl } from '../links/link-pages.ts'
import { signLinkToken, type LinkPurpose } from '../links/link-token.ts'
import type { Log } from '../runtime/http.ts'
import type { MailMessage } from '../delivery/mailer.ts'
import { resolveWelcomeCopy, type WelcomeCopyContent } from './welcome-copy.ts'
import { renderWelcomeEmail } from './welcome-email.ts'
import type { PendingWelcome } from './welcome-store.ts'

/** A removal link keeps working long after the welcome; an expired one sends the reader to the contact address. */
const REMOVAL_LINK_DAYS = 365
const DAY_MS = 86_400_000

export interface WelcomeMessageOptions {
  from: string
  /** The public site, where the personal links open. */
  siteUrl: string
  /** The key the links are signed with. */
  linkSecret: () => Promise<string>
  /** How long an unconfirmed place is kept; the confirmation link lasts as long. */
  retentionDays: number
  /** The welcome's copy from the content; undefined (or a failure) means the fallbacks. */
  content: () => Promise<WelcomeCopyContent | undefined>
  /** Where replies go when the content names no contact address. */
  fallbackContact: string
  log: Log
}

/**
 * Builds each welcome's message: its copy in the visitor's language, its personal confirm and
 * removal links, and the one-click unsubscribe headers (RFC 8058) that point at the removal link.
 */
export function createWelcomeComposer({
  from,
  siteUrl,
  linkSecret,
  retentionDays,
  content,
  fallbackContact,
  log,
}: WelcomeMessageOptions) {
  return async (welcome: PendingWelcome): Promise<MailMessage> => {
    const copy = await content().catch((error: unknown) => {
      log('warn', 'welcome copy unavailable, sending the fallback copy', { error: String(error) })
      return undefined
    })
    const resolved = resolveWelcomeCopy(copy, welcome.locale)
    const secret = await linkSecret()
    const link = async (purpose: LinkPurpose, days: number) => {
      const expiresAt = new Date(Date.now() + days * DAY_MS)
      const token = await signLinkToken(secret, { purpose, waitlistId: welcome.waitlistId, expiresAt })
      return linkUrl(siteUrl, purpose, welcome.locale, token)
    }
    const links = { confirm: await link('confirm', retentionDays), remove: await link('remove', REMOVAL_LINK_DAYS) }
    const email = renderWelcomeEmail({
      name: welcome.name,
      locale: welcome.locale,
      copy: resolved.copy,
      brandName: resolved.brandName,
      retentionDays,
      links,
    })
    return {
      from,
      to: welcome.email,
      replyTo: resolved.contactEmail ?? fallbackContact,
      ...email,
      headers: {
        'List-Unsubscribe': `<${links.remove}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }
  }
}

export type ComposeWelcome = ReturnType<typeof createWelcomeComposer>
