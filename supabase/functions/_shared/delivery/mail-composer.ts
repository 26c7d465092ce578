import type { InvitationCopyContent } from '../invites/invitation-copy.ts'
import { createInvitationComposer } from '../invites/invitation-message.ts'
import type { StandingCopyContent } from '../referrals/standing-copy.ts'
import { createStandingComposer } from '../referrals/standing-message.ts'
import type { WelcomeCopyContent } from '../welcome/welcome-copy.ts'
import { createWelcomeComposer, type WelcomeMessageOptions } from '../welcome/welcome-message.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { createUpdateComposer, type UpdateComposerOptions } from '../updates/update-message.ts'
import type { MailMessage } from './mailer.ts'
import type { MailMessageOptions } from './personal-mail.ts'

/** What the mail copy query answers (`mail-copy-query.ts`), as the composers read it; the generated query type fits. */
export type MailCopyContent = WelcomeCopyContent & InvitationCopyContent & StandingCopyContent

export interface MailComposerOptions
  extends
    MailMessageOptions<MailCopyContent>,
    Pick<WelcomeMessageOptions, 'retentionDays'>,
    Pick<UpdateComposerOptions, 'updateContent'> {}

/** The message for one entry of the outbox. */
export type ComposeMail = (mail: PendingWelcome) => Promise<MailMessage>

/** Composes each entry of the outbox as what it is: a welcome, an invitation a wave sent, a place email, or an update's message. */
export function createMailComposer({ retentionDays, updateContent, ...options }: MailComposerOptions): ComposeMail {
  // Keyed by every kind: a kind the outbox gains without a composer here fails the type check.
  const composers: Record<PendingWelcome['kind'], ComposeMail> = {
    welcome: createWelcomeComposer({ ...options, retentionDays }),
    invitation: createInvitationComposer(options),
    standing: createStandingComposer(options),
    update: createUpdateComposer({ ...options, updateContent }),
  }
  return (mail) => composers[mail.kind](mail)
}
