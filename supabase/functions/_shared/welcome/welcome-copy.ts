import { copyIn, senderOf, type LocalizedContent, type MailSettingsContent } from '../delivery/mail-copy.ts'
import type { Locale } from './welcome-email.ts'

/**
 * The welcome's words in one language. {brand} and {days} may appear anywhere, {name} only in
 * the greeting: the subject never carries anything a visitor typed.
 */
export interface WelcomeCopy {
  subject: string
  greeting: string
  greetingWithoutName: string
  confirmIntro: string
  confirmButton: string
  confirmNote: string
  paragraphs: string[]
  steps: string[]
  signOff: string
  notYou: string
  removeLink: string
}

/** What the welcome says when the content cannot be read or lacks a text, in the seed's words. */
export const welcomeFallbacks: Record<Locale, WelcomeCopy> = {
  pt: {
    subject: 'Confirme seu lugar no teste grátis do {brand}',
    greeting: 'Olá, {name}!',
    greetingWithoutName: 'Olá!',
    confirmIntro:
      'Recebemos um pedido para reservar um lugar no teste grátis de 14 dias do {brand} para este endereço. Para garantir o lugar, confirme que foi você:',
    confirmButton: 'Confirmar meu lugar',
    confirmNote: 'O link vale por {days} dias. Sem confirmação, apagamos o cadastro e não enviamos mais nada.',
    paragraphs: [
      'Depois de confirmar, é só aguardar: estamos liberando os acessos em pequenos grupos para acompanhar cada equipe de perto. Quando chegar a sua vez, você recebe um e-mail com o link de ativação. Enquanto isso, três ideias para aproveitar o teste desde o primeiro dia:',
    ],
    steps: [
      'Escolha uma ou duas reuniões recorrentes, como 1:1s ou retrospectivas, para conectar primeiro.',
      'Combine com o time o que será analisado: transparência gera confiança.',
      'Separe um modelo de avaliação que vocês já usam — o Pulso se adapta a ele.',
    ],
    signOff: 'Até breve,\nEquipe {brand}',
    notYou:
      'Você recebeu este e-mail porque este endereço foi informado no formulário de teste grátis do {brand}. Não foi você? Pode ignorar esta mensagem: sem confirmação, apagamos o endereço em {days} dias.',
    removeLink: 'Sair da lista agora',
  },
  en: {
    subject: 'Confirm your place in the {brand} free trial',
    greeting: 'Hi {name},',
    greetingWithoutName: 'Hi there,',
    confirmIntro:
      'We received a request to hold a place in the {brand} 14-day free trial for this address. To keep it, please confirm it was you:',
    confirmButton: 'Confirm my place',
    confirmNote: 'The link works for {days} days. Without confirmation, we delete the sign-up and send nothing more.',
    paragraphs: [
      'Once you confirm, there’s nothing else to do: we’re opening access in small groups so we can support every team closely. When it’s your turn, you’ll get an email with your activation link. Until then, three ways to get the most out of day one:',
    ],
    steps: [
      'Pick one or two recurring meetings, such as 1:1s or retrospectives, to connect first.',
      'Agree with your team on what will be analysed: transparency builds trust.',
      'Have a review template you already use at hand — Pulso adapts to it.',
    ],
    signOff: 'Talk soon,\nThe {brand} team',
    notYou:
      'You’re receiving this because this address was entered in the {brand} free-trial form. Wasn’t you? You can ignore this email: without confirmation, we delete the address within {days} days.',
    removeLink: 'Leave the list now',
  },
}

/** What the welcome reads of the mail copy (`mail-copy-query.ts`): the site settings and its own document. */
export interface WelcomeCopyContent extends MailSettingsContent {
  email: LocalizedContent<WelcomeCopy> | null
}

/**
 * The welcome's copy in one language, each text from the content when it is there and from the
 * fallbacks otherwise, with the brand and contact address the content names (if it does).
 */
export function resolveWelcomeCopy(content: WelcomeCopyContent | undefined, locale: Locale) {
  return { copy: copyIn(content?.email, welcomeFallbacks[locale], locale), ...senderOf(content) }
}
