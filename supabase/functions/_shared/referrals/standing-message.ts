import { DeliveryError } from '../delivery/mailer.ts'
import { composePersonalMail, type MailMessageOptions } from '../delivery/personal-mail.ts'
import { referralUrl } from '../links/link-pages.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { resolveStandingCopy, type StandingCopyContent } from './standing-copy.ts'
import { renderStandingEmail } from './standing-email.ts'
import { standingSchema } from './standing.ts'

/** The status link in a place email lasts as long as a removal link: a year. */
const STATUS_LINK_DAYS = 365

/**
 * Builds each place email: the standing the outbox claimed with it (so the email says what the
 * status page said at that moment), the person's status page and referral links, the removal link
 * and the one-click unsubscribe headers (RFC 8058) that point at it.
 */
export function createStandingComposer(options: MailMessageOptions<StandingCopyContent>) {
  return (mail: PendingWelcome) =>
    composePersonalMail(options, mail, async (content, { remove, sign }) => {
      const standing = standingSchema.safeParse(mail.standing)
      // The outbox claims every place email with its standing; one without names nobody. Deferred, not
      // rejected: the fault is ours, and a rejection would mark the inbox undeliverable.
      if (!standing.success) throw new DeliveryError('deferred', 'the place email has no standing')
      const { copy, milestones, brandName, contactEmail } = resolveStandingCopy(content, mail.locale)
      const links = {
        status: await sign('status', STATUS_LINK_DAYS),
        referral: referralUrl(options.siteUrl, mail.locale, standing.data.code),
        remove,
      }
      const email = renderStandingEmail({
        name: mail.name,
        locale: mail.locale,
        copy,
        milestones,
        brandName,
        standing: standing.data,
        links,
      })
      return { ...email, contactEmail }
    })
}
