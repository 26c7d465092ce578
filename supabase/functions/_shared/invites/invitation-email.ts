import { renderEmail, type RenderedEmail } from '../delivery/email-layout.ts'
import { fill } from '../delivery/mail-copy.ts'
import type { Locale } from '../welcome/welcome-email.ts'
import type { InvitationCopy } from './invitation-copy.ts'

export interface InvitationEmailInput {
  /** The name as the person typed it when they joined; it appears only if it looks like a person's name. */
  name: string
  locale: Locale
  copy: InvitationCopy
  brandName: string
  /** The trial sign-up with the invitation's code, and the personal link that leaves the list. */
  links: { trial: string; remove: string }
}

/**
 * The invitation a wave sends, the email the welcome promises ("when it's your turn"), in the
 * person's language as plain text and HTML, in the frame every message of the outbox shares.
 */
export function renderInvitationEmail({ name, locale, copy, brandName, links }: InvitationEmailInput): RenderedEmail {
  const say = (template: string) => fill(template, { brand: brandName })
  return renderEmail({
    locale,
    brandName,
    subject: say(copy.subject),
    name,
    greeting: { withName: copy.greeting, withoutName: say(copy.greetingWithoutName) },
    blocks: [
      { kind: 'paragraph', text: say(copy.intro) },
      { kind: 'button', label: say(copy.trialButton), href: links.trial },
      ...copy.paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, text: say(paragraph) })),
    ],
    signOff: say(copy.signOff),
    footer: say(copy.footer),
    removal: { label: say(copy.removeLink), href: links.remove },
  })
}
