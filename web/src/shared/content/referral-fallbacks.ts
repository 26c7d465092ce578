import type { Locale } from '../../../../schemas/locales.ts'

/**
 * The words around a person's place and personal link on the confirmation, status and leaderboard
 * pages (docs/product.md §13), when the Referrals document lacks them, in the seed's words.
 * {brand} is filled in here; {place}, {waiting}, {places}, {credited}, {held} and {friends} by the
 * page. The place email's own fallbacks (supabase/functions/_shared/referrals/standing-copy.ts)
 * say the shared texts alike (referral-copy.test.ts).
 */
export interface ReferralPageCopy {
  title: string
  place: string
  notWaiting: string
  invited: string
  linkLabel: string
  linkIntro: string
  linkIntroNoMove: string
  credited: string
  held: string
  nextMilestone: string
  leaderboardTitle: string
  leaderboardEmpty: string
  anonymous: string
  milestones: { friends: number; text: string }[]
}

export const referralPageFallbacks: Record<Locale, ReferralPageCopy> = {
  pt: {
    title: 'Seu lugar na fila do {brand}',
    place: 'Você é o nº {place} de {waiting} na fila.',
    notWaiting: 'Confirme seu lugar pelo link do nosso e-mail para entrar na fila.',
    invited: 'Chegou a sua vez: enviamos seu convite para o teste grátis do {brand}.',
    linkLabel: 'Seu link pessoal',
    linkIntro:
      'Compartilhe com colegas: cada pessoa que entrar pelo seu link e confirmar o e-mail faz você subir {places} lugares na fila.',
    linkIntroNoMove: 'Compartilhe com colegas: contamos cada pessoa que entrar pelo seu link e confirmar o e-mail.',
    credited: 'Colegas que entraram pelo seu link e confirmaram: {credited}',
    held: 'Em análise pela nossa equipe: {held} (por exemplo, cadastros da mesma rede que a sua).',
    nextMilestone: 'Próxima meta, {friends} colegas:',
    leaderboardTitle: 'Quem mais indicou',
    leaderboardEmpty: 'Ninguém indicou colegas ainda. Seja a primeira pessoa!',
    anonymous: 'Alguém',
    milestones: [
      { friends: 1, text: 'o primeiro colega a bordo' },
      { friends: 3, text: 'seu time começa a se formar' },
      { friends: 10, text: 'o time inteiro pronto para o primeiro dia' },
    ],
  },
  en: {
    title: 'Your place in the {brand} line',
    place: 'You are #{place} of {waiting} in line.',
    notWaiting: 'Confirm your place through the link in our email to join the line.',
    invited: 'It’s your turn: we’ve sent your invitation to the {brand} free trial.',
    linkLabel: 'Your personal link',
    linkIntro:
      'Share it with colleagues: each person who joins through your link and confirms their email moves you {places} places up the line.',
    linkIntroNoMove: 'Share it with colleagues: we count each person who joins through your link and confirms their email.',
    credited: 'Colleagues who joined through your link and confirmed: {credited}',
    held: 'Being reviewed by our team: {held} (for example, sign-ups from the same network as yours).',
    nextMilestone: 'Next milestone, {friends} colleagues:',
    leaderboardTitle: 'Top referrers',
    leaderboardEmpty: 'Nobody has referred a colleague yet. Be the first!',
    anonymous: 'Someone',
    milestones: [
      { friends: 1, text: 'your first colleague on board' },
      { friends: 3, text: 'your team starts to take shape' },
      { friends: 10, text: 'the whole team ready for day one' },
    ],
  },
}
