import escapeHtml from 'escape-html'
import { greetingName } from './greeting-name.ts'
import type { WelcomeCopy } from './welcome-copy.ts'

/** The page's languages (schemas/locales.ts), said again here so the functions import nothing from outside supabase/; a test holds both equal. */
export const locales = ['pt', 'en'] as const
export type Locale = (typeof locales)[number]

export interface WelcomeEmail {
  subject: string
  text: string
  html: string
}

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

/** Replaces {key} with its value; placeholders not given are left as they are. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}

/**
 * The welcome, which is also the double opt-in confirmation, in the visitor's language as plain
 * text and HTML. The subject is the copy's alone; the greeting holds the name only when
 * `greetingName` accepts it (docs/product.md §4.4). Every text is escaped in the HTML.
 */
export function renderWelcomeEmail({ name, locale, copy, brandName, retentionDays, links }: WelcomeEmailInput): WelcomeEmail {
  const values = { brand: brandName, days: String(retentionDays) }
  const say = (template: string) => fill(template, values)
  const person = greetingName(name)
  const greeting = person === undefined ? say(copy.greetingWithoutName) : fill(copy.greeting, { name: person })
  // The name may be written right to left: isolated, it cannot reorder the text around it.
  const greetingHtml =
    person === undefined
      ? escapeHtml(greeting)
      : copy.greeting
          .split('{name}')
          .map((part) => escapeHtml(part))
          .join(`<bdi>${escapeHtml(person)}</bdi>`)
  const paragraphs = copy.paragraphs.map(say)
  const steps = copy.steps.map(say)

  const text = [
    greeting,
    say(copy.confirmIntro),
    `${say(copy.confirmButton)}: ${links.confirm}`,
    say(copy.confirmNote),
    ...paragraphs,
    ...(steps.length > 0 ? [steps.map((step, i) => `${i + 1}. ${step}`).join('\n')] : []),
    say(copy.signOff),
    '—',
    say(copy.notYou),
    `${say(copy.removeLink)}: ${links.remove}`,
  ].join('\n\n')

  const p = (content: string, style = 'margin:0 0 16px') => `<p style="${style}">${content}</p>`
  const html = `<!doctype html>
<html lang="${locale === 'pt' ? 'pt-BR' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(say(copy.subject))}</title></head>
<body style="margin:0;padding:24px;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.6">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px;border:1px solid #e2e8f0">
    ${p(escapeHtml(brandName), 'margin:0 0 24px;font-size:20px;font-weight:700;color:#4338ca')}
    ${p(greetingHtml, 'margin:0 0 16px;font-size:18px;font-weight:700')}
    ${p(escapeHtml(say(copy.confirmIntro)))}
    <p style="margin:0 0 16px"><a href="${escapeHtml(links.confirm)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#4338ca;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(say(copy.confirmButton))}</a></p>
    ${p(escapeHtml(say(copy.confirmNote)), 'margin:0 0 24px;font-size:14px;color:#475569')}
    ${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join('\n    ')}
    ${steps.length > 0 ? `<ol style="margin:0 0 16px;padding-left:20px">${steps.map((step) => `<li style="margin-bottom:8px">${escapeHtml(step)}</li>`).join('')}</ol>` : ''}
    ${p(escapeHtml(say(copy.signOff)), 'margin:0 0 24px;white-space:pre-line')}
    <div style="padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">
      ${p(escapeHtml(say(copy.notYou)), 'margin:0 0 8px')}
      ${p(`<a href="${escapeHtml(links.remove)}" style="color:#475569">${escapeHtml(say(copy.removeLink))}</a>`, 'margin:0')}
    </div>
  </div>
</body>
</html>`

  return { subject: say(copy.subject), text, html }
}
