import { linkUrl } from '../links/link-pages.ts'
import { signLinkToken, type TokenPurpose } from '../links/link-token.ts'
import type { Log } from '../runtime/http.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import type { RenderedEmail } from './email-layout.ts'
import type { MailMessage } from './mailer.ts'

/** A removal link keeps working long after the message; an expired one sends the reader to the contact address. */
const REMOVAL_LINK_DAYS = 365
const DAY_MS = 86_400_000

/** What composing a message of the outbox takes; `Content` is what its copy is read from. */
export interface MailMessageOptions<Content> {
  from: string
  /** The public site, where the personal links open. */
  siteUrl: string
  /** The key the links are signed with. */
  linkSecret: () => Promise<string>
  /** The copy from the content; undefined (or a failure) means the fallbacks. */
  content: () => Promise<Content | undefined>
  /** Where replies go when the content names no contact address. */
  fallbackContact: string
  log: Log
}

/** Signs a personal link to the message's place on the waitlist, valid for `days`, opening in its language. */
export type SignLink = (purpose: TokenPurpose, days: number) => Promise<string>

/** A message's own words, and the contact address its content names (if it does). */
export interface WrittenMail extends RenderedEmail {
  contactEmail: string | undefined
}

/**
 * One message of the outbox, addressed to its person: `write` puts it in words from the copy the
 * content holds (undefined when it cannot be read: the fallbacks), given the personal removal link
 * and a signer for any other. Replies go to the contact address; the one-click unsubscribe
 * headers (RFC 8058) point at the removal link.
 */
export async function composePersonalMail<Content>(
  { from, siteUrl, linkSecret, content, fallbackContact, log }: MailMessageOptions<Content>,
  mail: PendingWelcome,
  write: (content: Content | undefined, links: { remove: string; sign: SignLink }) => WrittenMail | Promise<WrittenMail>,
): Promise<MailMessage> {
  const copy = await content().catch((error: unknown) => {
    log('warn', `${mail.kind} copy unavailable, sending the fallback copy`, { error: String(error) })
    return undefined
  })
  const secret = await linkSecret()
  const sign: SignLink = async (purpose, days) => {
    const expiresAt = new Date(Date.now() + days * DAY_MS)
    const token = await signLinkToken(secret, { purpose, waitlistId: mail.waitlistId, expiresAt })
    return linkUrl(siteUrl, purpose, mail.locale, token)
  }
  const remove = await sign('remove', REMOVAL_LINK_DAYS)
  const { contactEmail, ...email } = await write(copy, { remove, sign })
  return {
    from,
    to: mail.email,
    replyTo: contactEmail ?? fallbackContact,
    ...email,
    headers: {
      'List-Unsubscribe': `<${remove}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
