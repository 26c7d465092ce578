import { DeliveryError } from '../delivery/mailer.ts'
import { composePersonalMail, type MailMessageOptions } from '../delivery/personal-mail.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { resolveInvitationCopy, type InvitationCopyContent } from './invitation-copy.ts'
import { renderInvitationEmail } from './invitation-email.ts'

/** The query parameter that carries the invitation's code to the product, which reports it back on activation. */
const INVITE_PARAMETER = 'invite'

/** The trial sign-up in the invitation's language, with its code added to the parameters it already has. */
function trialLink(trialUrl: string, inviteCode: string | null): string {
  // The outbox pairs every invitation with its code; one without would send a link the product cannot credit.
  // Deferred, not rejected: the fault is ours, and a rejection would mark the inbox undeliverable.
  if (inviteCode === null) throw new DeliveryError('deferred', 'the invitation has no code')
  const url = new URL(trialUrl)
  url.searchParams.set(INVITE_PARAMETER, inviteCode)
  return url.href
}

/**
 * Builds each invitation's message: its copy in the person's language, the trial link carrying
 * the invitation's code, the personal removal link, and the one-click unsubscribe headers
 * (RFC 8058) that point at it.
 */
export function createInvitationComposer(options: MailMessageOptions<InvitationCopyContent>) {
  return (invitation: PendingWelcome) =>
    composePersonalMail(options, invitation, (content, { remove }) => {
      const { copy, brandName, contactEmail } = resolveInvitationCopy(content, invitation.locale)
      const links = { trial: trialLink(copy.trialUrl, invitation.inviteCode), remove }
      const email = renderInvitationEmail({ name: invitation.name, locale: invitation.locale, copy, brandName, links })
      return { ...email, contactEmail }
    })
}
