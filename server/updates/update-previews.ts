/**
 * What the Launch tool shows and sends before an update goes out (docs/launch-api.md, "Updates"):
 * the update rendered in both languages with a real reader's name and place, and a test message to
 * an address the operator types, sent at once through this server's mailer (not the outbox: it is
 * nobody's on the list). Both in the words the readers will get: the same document, copy and layout.
 */
import type { MailCopyContent } from '../../supabase/functions/_shared/delivery/mail-composer.ts'
import type { Mailer } from '../../supabase/functions/_shared/delivery/mailer.ts'
import type { RenderedEmail } from '../../supabase/functions/_shared/delivery/email-layout.ts'
import { resolveInvitationCopy } from '../../supabase/functions/_shared/invites/invitation-copy.ts'
import { linkUrl } from '../../supabase/functions/_shared/links/link-pages.ts'
import type { UpdateContent } from '../../supabase/functions/_shared/updates/update-body.ts'
import { createUpdateComposer, renderUpdateEmail } from '../../supabase/functions/_shared/updates/update-message.ts'
import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'
import type { Locale } from '../../supabase/functions/_shared/welcome/welcome-email.ts'
import { fromContent } from '../http/content-unavailable.ts'

const LOCALES: readonly Locale[] = ['pt', 'en']

export interface UpdatePreviewsOptions {
  from: string
  siteUrl: string
  linkSecret: () => Promise<string>
  content: () => Promise<MailCopyContent | undefined>
  updateContent: (documentId: string) => Promise<UpdateContent | undefined>
  fallbackContact: string
  mailer: Mailer
  log: Log
}

export interface UpdatePreviews {
  /**
   * The update in both languages with this reader's values; undefined when no such document is published.
   * Both throw a ContentUnavailableError when the content source does not answer.
   */
  preview(documentId: string, reader: { name: string; place: number | null }): Promise<Record<Locale, RenderedEmail> | undefined>
  /** Sends the update in both languages to `to`, greeting `name`; false when no such document is published. */
  sendTest(documentId: string, to: string, name: string): Promise<boolean>
}

export function updatePreviews(options: UpdatePreviewsOptions): UpdatePreviews {
  const { siteUrl, content, updateContent, mailer } = options
  const compose = createUpdateComposer(options)
  return {
    async preview(documentId, { name, place }) {
      const update = await fromContent(updateContent(documentId))
      if (!update) return undefined
      const copy = await content().catch(() => undefined)
      const render = (locale: Locale) =>
        renderUpdateEmail({
          update,
          name,
          place,
          locale,
          mail: resolveInvitationCopy(copy, locale),
          // Not this reader's removal link: a preview must not carry a link that takes them off the list.
          links: { remove: linkUrl(siteUrl, 'remove', locale, 'preview') },
        })
      return { pt: render('pt'), en: render('en') }
    },

    async sendTest(documentId, to, name) {
      if (!(await fromContent(updateContent(documentId)))) return false
      // A reader that is nobody on the list: its removal link names no place, and so removes no one.
      const waitlistId = crypto.randomUUID()
      for (const locale of LOCALES) {
        const message = await compose({
          id: 0,
          kind: 'update',
          inviteCode: null,
          documentId,
          place: null,
          waitlistId,
          email: to,
          name,
          locale,
          attempts: 0,
        })
        await mailer.send(message)
      }
      return true
    },
  }
}
