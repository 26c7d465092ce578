import { copyIn, senderOf, type LocalizedContent, type MailSettingsContent } from '../delivery/mail-copy.ts'
import type { Locale } from '../welcome/welcome-email.ts'

/**
 * The place email's words in one language (docs/product.md §13.1). {brand} may appear anywhere,
 * {place} in the subject and the place line, {waiting} in the place line, {places} in the link's
 * intro, {credited} in its line, {friends} in the next milestone's; {name} only in the greeting.
 */
export interface StandingCopy {
  subject: string
  greeting: string
  greetingWithoutName: string
  emailIntro: string
  place: string
  linkLabel: string
  linkIntro: string
  linkIntroNoMove: string
  credited: string
  nextMilestone: string
  statusButton: string
  signOff: string
  emailFooter: string
  removeLink: string
}

export interface Milestone {
  friends: number
  text: string
}

/**
 * What the place email says when the content cannot be read or lacks a text, in the seed's words.
 * The texts it shares with the pages are those of web/src/shared/content/referral-fallbacks.ts
 * (standing-copy.test.ts keeps them alike).
 */
export const standingFallbacks: Record<Locale, StandingCopy & { milestones: Milestone[] }> = {
  pt: {
    subject: 'Você é o nº {place} na fila do {brand}',
    greeting: 'Olá, {name}!',
    greetingWithoutName: 'Olá!',
    emailIntro: 'Obrigado por confirmar! Aqui está o seu lugar na fila do teste grátis do {brand} e o seu link pessoal.',
    place: 'Você é o nº {place} de {waiting} na fila.',
    linkLabel: 'Seu link pessoal',
    linkIntro:
      'Compartilhe com colegas: cada pessoa que entrar pelo seu link e confirmar o e-mail faz você subir {places} lugares na fila.',
    linkIntroNoMove: 'Compartilhe com colegas: contamos cada pessoa que entrar pelo seu link e confirmar o e-mail.',
    credited: 'Colegas que entraram pelo seu link e confirmaram: {credited}',
    nextMilestone: 'Próxima meta, {friends} colegas:',
    statusButton: 'Ver meu lugar na fila',
    signOff: 'Até breve,\nEquipe {brand}',
    emailFooter:
      'Você recebeu este e-mail porque confirmou seu lugar na lista de espera do teste grátis do {brand}. Se não quiser mais receber nossos e-mails, é só sair da lista.',
    removeLink: 'Sair da lista',
    milestones: [
      { friends: 1, text: 'o primeiro colega a bordo' },
      { friends: 3, text: 'seu time começa a se formar' },
      { friends: 10, text: 'o time inteiro pronto para o primeiro dia' },
    ],
  },
  en: {
    subject: 'You’re #{place} in the {brand} line',
    greeting: 'Hi {name},',
    greetingWithoutName: 'Hi there,',
    emailIntro: 'Thanks for confirming! Here is your place in the {brand} free-trial line, and your personal link.',
    place: 'You are #{place} of {waiting} in line.',
    linkLabel: 'Your personal link',
    linkIntro:
      'Share it with colleagues: each person who joins through your link and confirms their email moves you {places} places up the line.',
    linkIntroNoMove: 'Share it with colleagues: we count each person who joins through your link and confirms their email.',
    credited: 'Colleagues who joined through your link and confirmed: {credited}',
    nextMilestone: 'Next milestone, {friends} colleagues:',
    statusButton: 'See my place in line',
    signOff: 'See you soon,\nThe {brand} team',
    emailFooter:
      'You’re receiving this email because you confirmed your place on the {brand} free-trial waitlist. If you’d rather not hear from us again, you can leave the list.',
    removeLink: 'Leave the list',
    milestones: [
      { friends: 1, text: 'your first colleague on board' },
      { friends: 3, text: 'your team starts to take shape' },
      { friends: 10, text: 'the whole team ready for day one' },
    ],
  },
}

type Localized = Partial<Record<Locale, string | null>> | null | undefined

/** The Referrals document as the mail copy query reads it: the email's words, the milestones, and the two rules. */
export interface StandingCopyContent extends MailSettingsContent {
  referrals:
    | (LocalizedContent<StandingCopy> & {
        placesPerReferral?: number | null
        leaderboard?: boolean | null
        milestones?: { friends?: number | null; text?: Localized }[] | null
      })
    | null
}

/**
 * The place email's copy in one language, each text from the content when it is there and from the
 * fallbacks otherwise; the milestones the document writes in that language (else the fallback's),
 * fewest friends first; with the brand and contact address the content names.
 */
export function resolveStandingCopy(content: StandingCopyContent | undefined, locale: Locale) {
  const { milestones: fallbackMilestones, ...fallback } = standingFallbacks[locale]
  const written = (content?.referrals?.milestones ?? []).flatMap((milestone) => {
    const text = milestone.text?.[locale]?.trim()
    return text && milestone.friends ? [{ friends: milestone.friends, text }] : []
  })
  return {
    copy: copyIn(content?.referrals, fallback, locale),
    milestones: (written.length > 0 ? written : fallbackMilestones).slice().sort((a, b) => a.friends - b.friends),
    ...senderOf(content),
  }
}
