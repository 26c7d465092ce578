import { copyIn, senderOf, type LocalizedContent, type MailSettingsContent } from '../delivery/mail-copy.ts'
import type { Locale } from '../welcome/welcome-email.ts'

/**
 * The invitation's words in one language. {brand} may appear anywhere, {name} only in the
 * greeting: the subject never carries anything a visitor typed. `trialUrl` is the product's trial
 * sign-up in this language, to which the composer adds the invitation's code.
 */
export interface InvitationCopy {
  subject: string
  greeting: string
  greetingWithoutName: string
  intro: string
  trialButton: string
  trialUrl: string
  paragraphs: string[]
  signOff: string
  footer: string
  removeLink: string
}

/** What the invitation says when the content cannot be read or lacks a text, in the seed's words. */
export const invitationFallbacks: Record<Locale, InvitationCopy> = {
  pt: {
    subject: 'Seu teste grátis do {brand} está liberado',
    greeting: 'Olá, {name}!',
    greetingWithoutName: 'Olá!',
    intro:
      'Boa notícia: chegou a sua vez na lista de espera do {brand}. Seu teste grátis de 14 dias já está liberado, com todas as funcionalidades e sem cartão de crédito. Para começar, crie sua conta:',
    trialButton: 'Começar meu teste grátis',
    trialUrl: 'https://app.pulso.app/trial?lang=pt-BR',
    paragraphs: [
      'A configuração leva poucos minutos: conecte uma ou duas reuniões recorrentes, como 1:1s ou retrospectivas, e o {brand} prepara transcrições e resumos logo depois de cada uma.',
      'Quer ajuda para começar? É só responder a este e-mail: nosso time acompanha a implantação com você.',
    ],
    signOff: 'Aproveite o teste,\nEquipe {brand}',
    footer:
      'Você recebeu este convite porque entrou na lista de espera do teste grátis do {brand} e confirmou seu endereço. Se não quiser mais receber nossos e-mails, é só sair da lista.',
    removeLink: 'Sair da lista',
  },
  en: {
    subject: 'Your {brand} free trial is ready',
    greeting: 'Hi {name},',
    greetingWithoutName: 'Hi there,',
    intro:
      'Good news: it’s your turn on the {brand} waitlist. Your 14-day free trial is ready, with every feature included and no credit card required. To get started, create your account:',
    trialButton: 'Start my free trial',
    trialUrl: 'https://app.pulso.app/trial?lang=en',
    paragraphs: [
      'Setting up takes just a few minutes: connect one or two recurring meetings, such as 1:1s or retrospectives, and {brand} prepares transcripts and summaries right after each one.',
      'Want a hand getting started? Just reply to this email: our team will help you set everything up.',
    ],
    signOff: 'Enjoy the trial,\nThe {brand} team',
    footer:
      'You’re receiving this invitation because you joined the {brand} free-trial waitlist and confirmed your address. If you’d rather not hear from us again, you can leave the list.',
    removeLink: 'Leave the list',
  },
}

/** What the invitation reads of the mail copy (`mail-copy-query.ts`): the site settings and its own document. */
export interface InvitationCopyContent extends MailSettingsContent {
  invitation: LocalizedContent<InvitationCopy> | null
}

/** Whether the content's trial address may be the button's: the Studio takes only https, but an import could bring anything. */
function isHttps(address: string): boolean {
  return URL.canParse(address) && new URL(address).protocol === 'https:'
}

/**
 * The invitation's copy in one language, each text from the content when it is there and from the
 * fallbacks otherwise (the trial address too, when the content's is not https), with the brand and
 * contact address the content names (if it does).
 */
export function resolveInvitationCopy(content: InvitationCopyContent | undefined, locale: Locale) {
  const fallback = invitationFallbacks[locale]
  const copy = copyIn(content?.invitation, fallback, locale)
  return {
    copy: { ...copy, trialUrl: isHttps(copy.trialUrl) ? copy.trialUrl : fallback.trialUrl },
    ...senderOf(content),
  }
}
