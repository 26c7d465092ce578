import escapeHtml from 'escape-html'
import { greetingName } from '../welcome/greeting-name.ts'
import type { Locale } from '../welcome/welcome-email.ts'
import { fill } from './mail-copy.ts'

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

/** What a message says between its greeting and its sign-off, in order. */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** Smaller print under a button: what the link does, how long it lasts. */
  | { kind: 'note'; text: string }
  /** A link drawn as a button; the plain text shows the label and the address. */
  | { kind: 'button'; label: string; href: string }
  /** A numbered list; nothing when empty. */
  | { kind: 'steps'; items: string[] }
  /** Words already rendered, escaped, both ways (an update's Portable Text body: supabase/functions/_shared/updates/update-body.ts). */
  | { kind: 'rendered'; html: string; text: string }

/** One message's words, placeholders already filled, except {name} in the greeting. */
export interface EmailParts {
  locale: Locale
  brandName: string
  subject: string
  /** The line inboxes show after the subject; hidden in the message itself. */
  preheader?: string
  /** The name as the person typed it; it appears only if it looks like a person's name. */
  name: string
  /** The greeting with {name} where the name goes, and the one for a name not used. */
  greeting: { withName: string; withoutName: string }
  blocks: EmailBlock[]
  signOff: string
  /** Why the reader got this message, above the removal link. */
  footer: string
  /** The personal link that takes the reader off the list. */
  removal: { label: string; href: string }
}

const paragraph = (content: string, style = 'margin:0 0 16px') => `<p style="${style}">${content}</p>`

/** A link drawn as a button, as every message of the outbox draws it. */
export const buttonHtml = (label: string, href: string) =>
  paragraph(
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#4338ca;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a>`,
  )

function blockText(block: EmailBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return [block.text]
    case 'button':
      return [`${block.label}: ${block.href}`]
    case 'steps':
      return block.items.length > 0 ? [block.items.map((step, i) => `${i + 1}. ${step}`).join('\n')] : []
    case 'rendered':
      return [block.text]
  }
}

function blockHtml(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return paragraph(escapeHtml(block.text))
    case 'note':
      return paragraph(escapeHtml(block.text), 'margin:0 0 24px;font-size:14px;color:#475569')
    case 'button':
      return buttonHtml(block.label, block.href)
    case 'steps':
      return block.items.length > 0
        ? `<ol style="margin:0 0 16px;padding-left:20px">${block.items.map((step) => `<li style="margin-bottom:8px">${escapeHtml(step)}</li>`).join('')}</ol>`
        : ''
    case 'rendered':
      return block.html
  }
}

/**
 * A message of the outbox as plain text and HTML, in one frame: the brand, the greeting, the
 * blocks, the sign-off and a footer with the removal link. The greeting holds the name only when
 * `greetingName` accepts it (docs/product.md §4.4); every text is escaped in the HTML.
 */
export function renderEmail({
  locale,
  brandName,
  subject,
  preheader,
  name,
  greeting,
  blocks,
  signOff,
  footer,
  removal,
}: EmailParts): RenderedEmail {
  const person = greetingName(name)
  const greetingText = person === undefined ? greeting.withoutName : fill(greeting.withName, { name: person })
  // The name may be written right to left: isolated, it cannot reorder the text around it.
  const greetingHtml =
    person === undefined
      ? escapeHtml(greetingText)
      : greeting.withName
          .split('{name}')
          .map((part) => escapeHtml(part))
          .join(`<bdi>${escapeHtml(person)}</bdi>`)

  const text = [greetingText, ...blocks.flatMap(blockText), signOff, '—', footer, `${removal.label}: ${removal.href}`].join(
    '\n\n',
  )

  const html = `<!doctype html>
<html lang="${locale === 'pt' ? 'pt-BR' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.6">
  ${preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>` : ''}
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px;border:1px solid #e2e8f0">
    ${paragraph(escapeHtml(brandName), 'margin:0 0 24px;font-size:20px;font-weight:700;color:#4338ca')}
    ${paragraph(greetingHtml, 'margin:0 0 16px;font-size:18px;font-weight:700')}
    ${blocks.map(blockHtml).join('\n    ')}
    ${paragraph(escapeHtml(signOff), 'margin:0 0 24px;white-space:pre-line')}
    <div style="padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">
      ${paragraph(escapeHtml(footer), 'margin:0 0 8px')}
      ${paragraph(`<a href="${escapeHtml(removal.href)}" style="color:#475569">${escapeHtml(removal.label)}</a>`, 'margin:0')}
    </div>
  </div>
</body>
</html>`

  return { subject, text, html }
}
