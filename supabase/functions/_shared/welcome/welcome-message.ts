import { composePersonalMail, type MailMessageOptions } from '../delivery/personal-mail.ts'
import { resolveWelcomeCopy, type WelcomeCopyContent } from './welcome-copy.ts'
import { renderWelcomeEmail } from './welcome-email.ts'
import type { PendingWelcome } from './welcome-store.ts'

export interface WelcomeMessageOptions extends MailMessageOptions<WelcomeCopyContent> {
  /** How long an unconfirmed place is kept; the confirmation link lasts as long. */
  retentionDays: number
}

/**
 * Builds each welcome's message: its copy in the visitor's language, its personal confirm and
 * removal links, and the one-click unsubscribe headers (RFC 8058) that point at the removal link.
 */
export function createWelcomeComposer({ retentionDays, ...options }: WelcomeMessageOptions) {
  return (welcome: PendingWelcome) =>
    composePersonalMail(options, welcome, async (content, { remove, sign }) => {
      const { copy, brandName, contactEmail } = resolveWelcomeCopy(content, welcome.locale)
      const links = { confirm: await sign('confirm', retentionDays), remove }
      const email = renderWelcomeEmail({ name: welcome.name, locale: welcome.locale, copy, brandName, retentionDays, links })
      return { ...email, contactEmail }
    })
}
