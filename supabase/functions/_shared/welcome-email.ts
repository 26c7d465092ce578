import escapeHtml from 'escape-html'

export const locales = ['pt', 'en'] as const
export type Locale = (typeof locales)[number]

export interface WelcomeEmail {
  subject: string
  text: string
  html: string
}

export interface Brand {
  name: string
  /** Where replies go, including "stop" requests. */
  contactEmail: string
}

interface Copy {
  subject: (name: string, brand: string) => string
  greeting: (name: string) => string
  paragraphs: (brand: string) => string[]
  steps: string[]
  signOff: (brand: string) => string
  stop: (contact: string) => string
}

const copy: Record<Locale, Copy> = {
  pt: {
    subject: (name, brand) => `${name}, seu teste grátis do ${brand} está reservado`,
    greeting: (name) => `Olá, ${name}!`,
    paragraphs: (brand) => [
      `Que bom ter você na lista do ${brand}. Seu lugar no teste grátis de 14 dias está garantido — sem cartão de crédito.`,
      'Estamos liberando os acessos em pequenos grupos para acompanhar cada equipe de perto. Quando chegar a sua vez, você recebe um e-mail com o link de ativação. Enquanto isso, três ideias para aproveitar o teste desde o primeiro dia:',
    ],
    steps: [
      'Escolha uma ou duas reuniões recorrentes, como 1:1s ou retrospectivas, para conectar primeiro.',
      'Combine com o time o que será analisado: transparência gera confiança.',
      'Separe um modelo de avaliação que vocês já usam — o Pulso se adapta a ele.',
    ],
    signOff: (brand) => `Até breve,\nEquipe ${brand}`,
    stop: (contact) =>
      `Não quer mais receber nossos e-mails? Responda a esta mensagem com a palavra “sair” ou escreva para ${contact} e removemos seu endereço da lista.`,
  },
  en: {
    subject: (name, brand) => `${name}, your ${brand} free trial is reserved`,
    greeting: (name) => `Hi ${name},`,
    paragraphs: (brand) => [
      `Thanks for joining the ${brand} waitlist. Your spot in the 14-day free trial is saved — no credit card needed.`,
      "We're opening access in small groups so we can support every team closely. When it's your turn, you'll get an email with your activation link. Until then, three ways to get the most out of day one:",
    ],
    steps: [
      'Pick one or two recurring meetings, such as 1:1s or retrospectives, to connect first.',
      'Agree with your team on what will be analysed: transparency builds trust.',
      'Have a review template you already use at hand — Pulso adapts to it.',
    ],
    signOff: (brand) => `Talk soon,\nThe ${brand} team`,
    stop: (contact) =>
      `Don't want to hear from us? Reply to this email with the word "stop" or write to ${contact}, and we'll remove your address from the list.`,
  },
}

/** The welcome in the visitor's language, as plain text and as HTML (the name escaped). */
export function renderWelcomeEmail({ name, locale, brand }: { name: string; locale: Locale; brand: Brand }): WelcomeEmail {
  const c = copy[locale]
  const paragraphs = c.paragraphs(brand.name)
  const text = [
    c.greeting(name),
    ...paragraphs,
    c.steps.map((step, i) => `${i + 1}. ${step}`).join('\n'),
    c.signOff(brand.name),
    '—',
    c.stop(brand.contactEmail),
  ].join('\n\n')

  const html = `<!doctype html>
<html lang="${locale === 'pt' ? 'pt-BR' : 'en'}">
<body style="margin:0;padding:24px;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.6">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px;border:1px solid #e2e8f0">
    <p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4338ca">${escapeHtml(brand.name)}</p>
    <p style="margin:0 0 16px;font-size:18px;font-weight:700">${escapeHtml(c.greeting(name))}</p>
    ${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n    ')}
    <ol style="margin:0 0 16px;padding-left:20px">${c.steps.map((step) => `<li style="margin-bottom:8px">${escapeHtml(step)}</li>`).join('')}</ol>
    <p style="margin:0 0 24px;white-space:pre-line">${escapeHtml(c.signOff(brand.name))}</p>
    <p style="margin:0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">${escapeHtml(c.stop(brand.contactEmail))}</p>
  </div>
</body>
</html>`

  return { subject: c.subject(name, brand.name), text, html }
}
