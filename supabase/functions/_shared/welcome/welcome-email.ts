import { renderEmail, type RenderedEmail } from '../delivery/email-layout.ts'
import { fill } from '../delivery/mail-copy.ts'
import type { WelcomeCopy } from './welcome-copy.ts'

/** The page's languages (schemas/locales.ts), said again here so the functions import nothing from outside supabase/; a test holds both equal. */
export const locales = ['pt', 'en'] as const
export type Locale = (typeof locales)[number]

export interface WelcomeEmailInput {
  /** The name as the visitor typed it; it appears only if it looks like a person's name. */
  name: string
  locale: Locale
  copy: WelcomeCopy
  brandName: string
  /** How long an unconfirmed place is kept, in days ({days} in the copy). */
  retentionDays: number
  /** The personal links: confirm the place, leave the list. */
  links: { confirm: string; remove: string }
}

/**
 * The welcome, which is also the double opt-in confirmation, in the visitor's language as plain
 * text and HTML, in the frame every message of the outbox shares. The subject is the copy's alone.
 */
export function renderWelcomeEmail({ name, locale, copy, brandName, retentionDays, links }: WelcomeEmailInput): RenderedEmail {
  const say = (template: string) => fill(template, { brand: brandName, days: String(retentionDays) })
  return renderEmail({
    locale,
    brandName,
    subject: say(copy.subject),
    name,
    greeting: { withName: copy.greeting, withoutName: say(copy.greetingWithoutName) },
    blocks: [
      { kind: 'paragraph', text: say(copy.confirmIntro) },
      { kind: 'button', label: say(copy.confirmButton), href: links.confirm },
      { kind: 'note', text: say(copy.confirmNote) },
      ...copy.paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, text: say(paragraph) })),
      { kind: 'steps', items: copy.steps.map(say) },
    ],
    signOff: say(copy.signOff),
    footer: say(copy.notYou),
    removal: { label: say(copy.removeLink), href: links.remove },
  })
}
