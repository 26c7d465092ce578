import type { Locale } from '../../../../schemas/locales.ts'

/**
 * The version of the privacy note and form notice written below and in fallbacks.ts: a sign-up
 * made while they were shown records it. "code-" says the words came from the code, not the Studio.
 */
export const FALLBACK_CONSENT_VERSION = 'code-2026-11-29'

/**
 * What the confirmation, removal and privacy pages say when the content lacks a text, in the
 * seed's words. {brand}, {email}, {days} and {version} are filled in where the page has them.
 */
export interface SignupFallbackCopy {
  contactEmail: string
  homeLink: string
  confirmTitle: string
  confirmBody: string
  confirmButton: string
  confirmedTitle: string
  confirmedBody: string
  goneTitle: string
  goneBody: string
  confirmExpiredTitle: string
  confirmExpiredBody: string
  removeTitle: string
  removeBody: string
  removeButton: string
  removedTitle: string
  removedBody: string
  removeExpiredTitle: string
  removeExpiredBody: string
  invalidTitle: string
  invalidBody: string
  unavailableTitle: string
  unavailableBody: string
  privacyTitle: string
  privacyIntro: string
  privacySections: { heading: string; body: string }[]
  privacyVersionLabel: string
}

export const signupFallbacks: Record<Locale, SignupFallbackCopy> = {
  pt: {
    contactEmail: 'contato@pulso.app',
    homeLink: 'Voltar ao início',
    confirmTitle: 'Confirme seu lugar no teste grátis',
    confirmBody: 'Falta só um passo: confirme que quer receber neste endereço o acesso ao teste grátis do {brand}.',
    confirmButton: 'Confirmar meu lugar',
    confirmedTitle: 'Lugar confirmado!',
    confirmedBody:
      'Obrigado! Quando chegar a sua vez, enviamos o link de ativação por e-mail. Você pode sair da lista a qualquer momento pelo link nos nossos e-mails.',
    goneTitle: 'Este cadastro não existe mais',
    goneBody:
      'Ele foi removido ou expirou sem confirmação. Se ainda quiser testar o {brand}, cadastre-se de novo; se você mesmo saiu da lista há pouco, escreva para {email}.',
    confirmExpiredTitle: 'Este link expirou',
    confirmExpiredBody:
      'O prazo para confirmar terminou e o cadastro foi apagado. Se ainda quiser testar o {brand}, cadastre-se de novo.',
    removeTitle: 'Sair da lista de espera',
    removeBody: 'Ao confirmar, apagamos seu cadastro e não enviamos mais e-mails sobre o teste grátis do {brand}.',
    removeButton: 'Sair da lista',
    removedTitle: 'Você saiu da lista',
    removedBody:
      'Apagamos seu cadastro e não enviaremos mais e-mails sobre o teste. Se mudar de ideia, escreva para {email} e colocamos você de volta na lista.',
    removeExpiredTitle: 'Este link expirou',
    removeExpiredBody: 'Por segurança, este link de saída não vale mais. Escreva para {email} e tiramos seu endereço da lista.',
    invalidTitle: 'Este link não é válido',
    invalidBody: 'O link está incompleto ou foi alterado. Abra-o de novo a partir do nosso e-mail ou escreva para {email}.',
    unavailableTitle: 'Não foi possível concluir agora',
    unavailableBody: 'Algo falhou do nosso lado. Tente de novo em alguns minutos; se continuar, escreva para {email}.',
    privacyTitle: 'Aviso de privacidade da lista de espera',
    privacyIntro:
      'Este aviso explica o que o {brand} faz com os dados que você informa ao entrar na lista de espera do teste grátis. É curto de propósito.',
    privacySections: [
      {
        heading: 'O que guardamos',
        body: 'Seu e-mail corporativo, o cargo que você informou, o idioma da página, a data do cadastro e de onde veio a visita que levou a ele: a campanha no endereço da página, o site que trouxe você (só o nome dele) e o tipo de aparelho (celular, tablet ou computador). O nome serve para cumprimentar você no nosso e-mail e fica guardado junto com ele. Quando você confirma, registramos também quando, em qual idioma e qual versão deste aviso você viu.',
      },
      {
        heading: 'Para que usamos',
        body: 'Para reservar seu lugar no teste grátis, enviar o acesso quando chegar a sua vez e mandar mensagens sobre o teste. A base legal é o seu consentimento (LGPD, art. 7º, I), que você dá ao confirmar pelo link do nosso e-mail. Não vendemos seus dados nem os usamos para publicidade.',
      },
      {
        heading: 'Medição de audiência',
        body: 'Para saber como a página vai, nosso servidor conta as páginas que envia, sem cookies e sem guardar nada no seu navegador. Uma visita é reconhecida por um dia, por um código feito do seu endereço e do seu navegador que não permite recuperá-los; após 48 horas restam só totais por dia (páginas, idioma, campanha, site de origem, tipo de aparelho), guardados por 25 meses. Base legal: nosso interesse legítimo (LGPD, art. 7º, IX). Se o seu navegador envia o Global Privacy Control, você não é contado.',
      },
      {
        heading: 'Indicações',
        body: 'Você recebe um código curto e aleatório para o seu link pessoal; ele não é feito a partir do seu e-mail. Se você entrar pelo link de alguém, essa pessoa fica sabendo só que mais um colega confirmou (uma contagem, nunca quem). Para evitar abusos, guardamos por 48 horas códigos feitos a partir do seu endereço de rede e do seu navegador, que não podem ser revertidos neles, e depois os apagamos. Se o ranking de indicações estiver ativo, ele mostra só as iniciais do seu nome (“A*** S.”) e quantos colegas você indicou; guardamos essa forma do nome com o seu cadastro e a apagamos junto com ele.',
      },
      {
        heading: 'Por quanto tempo',
        body: 'Se você não confirmar em {days} dias, apagamos o cadastro automaticamente. Depois de confirmado, ele fica guardado até você sair da lista ou até encerrarmos a lista de espera.',
      },
      {
        heading: 'Quem tem acesso',
        body: 'Só a equipe do {brand} e os serviços que guardam os dados e enviam nossos e-mails, em nosso nome e sob as mesmas regras.',
      },
      {
        heading: 'Seus direitos',
        body: 'Você pode sair da lista a qualquer momento pelo link no rodapé dos nossos e-mails, que apaga seu cadastro na hora. Para ver, corrigir ou apagar seus dados, ou tirar dúvidas, escreva para {email}.',
      },
    ],
    privacyVersionLabel: 'Versão deste aviso: {version}',
  },
  en: {
    contactEmail: 'contato@pulso.app',
    homeLink: 'Return to Home',
    confirmTitle: 'Confirm your place in the free trial',
    confirmBody: 'One step left: confirm you’d like to receive access to the {brand} free trial at this address.',
    confirmButton: 'Confirm my place',
    confirmedTitle: 'Your place is confirmed!',
    confirmedBody:
      'Thank you! When it’s your turn, we’ll email you the activation link. You can leave the list at any time through the link in our emails.',
    goneTitle: 'This sign-up no longer exists',
    goneBody:
      'It was removed, or it expired without being confirmed. If you’d still like to try {brand}, sign up again; if you left the list yourself recently, write to {email}.',
    confirmExpiredTitle: 'This link has expired',
    confirmExpiredBody:
      'The time to confirm has run out and the sign-up was deleted. If you’d still like to try {brand}, sign up again.',
    removeTitle: 'Leave the waitlist',
    removeBody: 'If you go ahead, we’ll delete your sign-up and send no more emails about the {brand} free trial.',
    removeButton: 'Leave the list',
    removedTitle: 'You’ve left the list',
    removedBody:
      'We’ve deleted your sign-up and won’t email you about the trial again. If you change your mind, write to {email} and we’ll put you back on the list.',
    removeExpiredTitle: 'This link has expired',
    removeExpiredBody:
      'For your security, this removal link no longer works. Write to {email} and we’ll take your address off the list.',
    invalidTitle: 'This link isn’t valid',
    invalidBody: 'The link is incomplete or has been changed. Open it again from our email, or write to {email}.',
    unavailableTitle: 'We couldn’t finish that just now',
    unavailableBody:
      'Something went wrong on our side. Please try again in a few minutes; if it keeps happening, write to {email}.',
    privacyTitle: 'Waitlist privacy note',
    privacyIntro:
      'This note explains what {brand} does with the details you give when you join the free-trial waitlist. It is short on purpose.',
    privacySections: [
      {
        heading: 'What we keep',
        body: 'Your work email, the role you entered, the page’s language, when you signed up, and where the visit that led to it came from: the campaign in the page address, the site that sent you (its name only) and the kind of device (phone, tablet or computer). Your name is only used to greet you in our email and is kept with it. When you confirm, we also record when, in which language, and which version of this note you were shown.',
      },
      {
        heading: 'Why we use it',
        body: 'To hold your place in the free trial, send you access when it’s your turn and write to you about the trial. The legal basis is your consent (GDPR art. 6(1)(a); LGPD art. 7, I), which you give by confirming through the link in our email. We don’t sell your details or use them for advertising.',
      },
      {
        heading: 'Counting visits',
        body: 'To see how the page does, our server counts the pages it sends, with no cookies and nothing stored in your browser. A visit is recognised for one day, by a code made from your address and browser that cannot be turned back into them; after 48 hours only daily totals remain (pages, language, campaign, referring site, kind of device), kept 25 months. Legal basis: our legitimate interest (GDPR art. 6(1)(f); LGPD art. 7, IX). If your browser sends Global Privacy Control, you are not counted.',
      },
      {
        heading: 'Referrals',
        body: 'You get a short, random code for your personal link; it is not made from your email. If you join through someone’s link, they learn only that one more colleague confirmed (a count, never who). To stop abuse, we keep codes made from your network address and browser for 48 hours, which cannot be turned back into them, and then delete them. If the referral leaderboard is on, it shows only your initials (“A*** S.”) and how many colleagues you referred; we keep that form of your name with your sign-up and delete it with you.',
      },
      {
        heading: 'How long we keep it',
        body: 'If you don’t confirm within {days} days, your sign-up is deleted automatically. Once confirmed, it is kept until you leave the list or we close the waitlist.',
      },
      {
        heading: 'Who can see it',
        body: 'Only the {brand} team and the services that store the data and send our emails, on our behalf and under the same rules.',
      },
      {
        heading: 'Your rights',
        body: 'You can leave the list at any time through the link at the foot of our emails, which deletes your sign-up at once. To see, correct or delete your details, or to ask anything, write to {email}.',
      },
    ],
    privacyVersionLabel: 'Version of this note: {version}',
  },
}
