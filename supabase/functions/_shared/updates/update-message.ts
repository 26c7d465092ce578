import { renderEmail, type RenderedEmail } from '../delivery/email-layout.ts'
import { DeliveryError } from '../delivery/mailer.ts'
import { fill } from '../delivery/mail-copy.ts'
import { composePersonalMail, type MailMessageOptions } from '../delivery/personal-mail.ts'
import { resolveInvitationCopy, type InvitationCopyContent } from '../invites/invitation-copy.ts'
import { greetingName } from '../welcome/greeting-name.ts'
import type { Locale } from '../welcome/welcome-email.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { renderUpdateBody, type UpdateContent } from './update-body.ts'

/** An update document's text in the reader's language, the Portuguese one when English is missing (the Studio warns of it). */
const textIn = (value: { pt?: string; en?: string } | null | undefined, locale: Locale) =>
  value?.[locale]?.trim() || value?.pt?.trim() || undefined

export interface UpdateEmailInput {
  update: UpdateContent
  /** The name as the person typed it when they joined; used only if it looks like a person's name. */
  name: string
  /** Their place in line as the message goes; null once they are no longer waiting. */
  place: number | null
  locale: Locale
  /** The brand, and the invitation's words for what the update does not write itself (greeting, sign-off, footer, removal link). */
  mail: ReturnType<typeof resolveInvitationCopy>
  links: { remove: string }
}

/**
 * An update in the reader's language, as plain text and HTML, in the frame every message of the
 * outbox shares: its subject and preheader, the greeting, its body with the reader's name and place
 * filled in, the sign-off, and the footer with the removal link.
 */
export function renderUpdateEmail({ update, name, place, locale, mail, links }: UpdateEmailInput): RenderedEmail {
  const { copy, brandName } = mail
  const say = (template: string) => fill(template, { brand: brandName })
  const subject = textIn(update.subject, locale)
  const body = update.body?.[locale]?.length ? update.body[locale] : update.body?.pt
  // The Studio requires both in Portuguese; a document without them waits (deferred: a refusal would mark the inbox) rather than go half-written.
  if (!subject || !body?.length) throw new DeliveryError('deferred', 'the update has no subject or no body')
  const preheader = textIn(update.preheader, locale)
  return renderEmail({
    locale,
    brandName,
    subject: say(subject),
    ...(preheader ? { preheader: say(preheader) } : {}),
    name,
    greeting: {
      withName: textIn(update.greeting, locale) ?? copy.greeting,
      withoutName: say(textIn(update.greetingWithoutName, locale) ?? copy.greetingWithoutName),
    },
    blocks: [
      {
        kind: 'rendered',
        ...renderUpdateBody(body, {
          name: greetingName(name) ?? '',
          place: place === null ? '' : String(place),
          brand: brandName,
        }),
      },
    ],
    signOff: say(textIn(update.signOff, locale) ?? copy.signOff),
    footer: say(copy.footer),
    removal: { label: say(copy.removeLink), href: links.remove },
  })
}

export interface UpdateComposerOptions extends MailMessageOptions<InvitationCopyContent> {
  /** The update document by its id, parsed; undefined when the content has none published under it. */
  updateContent: (documentId: string) => Promise<UpdateContent | undefined>
}

/**
 * Builds each message of an update: the document it was sent from, in the reader's language, the
 * personal removal link and the one-click unsubscribe headers (RFC 8058) that point at it.
 */
export function createUpdateComposer({ updateContent, ...options }: UpdateComposerOptions) {
  return async (message: PendingWelcome) => {
    // The outbox claims every update message with its document; the content may be away for a while.
    if (!message.documentId) throw new DeliveryError('deferred', 'the update message names no document')
    const update = await updateContent(message.documentId).catch((error: unknown) => {
      throw new DeliveryError('deferred', `the update ${message.documentId} could not be read: ${String(error)}`)
    })
    if (!update) throw new DeliveryError('deferred', `the update ${message.documentId} is not published`)
    return composePersonalMail(options, message, (content, { remove }) => {
      const mail = resolveInvitationCopy(content, message.locale)
      const email = renderUpdateEmail({
        update,
        name: message.name,
        place: message.place ?? null,
        locale: message.locale,
        mail,
        links: { remove },
      })
      return { ...email, contactEmail: mail.contactEmail }
    })
  }
}
