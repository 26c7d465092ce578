import { escapeHTML, toHTML, type PortableTextHtmlComponents } from '@portabletext/to-html'
import { buttonHtml } from '../delivery/email-layout.ts'
import { fill } from '../delivery/mail-copy.ts'
import type { updateEmailQueryParser } from './update-query.parser.ts'
import type { z } from 'zod/mini'

/** An update document as its query answers it, parsed (update-query.parser.ts). */
export type UpdateContent = z.output<ReturnType<typeof updateEmailQueryParser.build>>[number]
/** One language's body (Portable Text: blocks and buttons). */
export type UpdateBody = NonNullable<NonNullable<UpdateContent['body']>['pt']>
type BodyItem = UpdateBody[number]
type Block = Extract<BodyItem, { _type: 'block' }>

/**
 * Whether an address may be a link: https, or mailto for an email address. The Studio takes no
 * other, but an import could bring anything (javascript:, http:), and that is shown as text.
 */
export function isLinkable(href: string | null | undefined): href is string {
  if (!href || !URL.canParse(href)) return false
  const { protocol } = new URL(href)
  return protocol === 'https:' || protocol === 'mailto:'
}

/** The body with {name}, {place} and {brand} filled in its texts and buttons' labels. */
function filled(body: UpdateBody, values: Record<string, string>): UpdateBody {
  return body.map((item) =>
    item._type === 'block'
      ? { ...item, children: (item.children ?? []).map((span) => ({ ...span, text: fill(span.text ?? '', values) })) }
      : { ...item, label: fill(item.label ?? '', values) },
  )
}

const HEADING = 'margin:24px 0 12px;line-height:1.3;color:#0f172a'

/** The layout's own styles for each part, inline (mail clients drop style sheets); no image, no list. */
const components: Partial<PortableTextHtmlComponents> = {
  block: {
    normal: ({ children }) => `<p style="margin:0 0 16px">${children ?? ''}</p>`,
    h2: ({ children }) => `<h2 style="${HEADING};font-size:20px">${children ?? ''}</h2>`,
    h3: ({ children }) => `<h3 style="${HEADING};font-size:17px">${children ?? ''}</h3>`,
  },
  marks: {
    link: ({ children, value }) => {
      const href = (value as { href?: string } | undefined)?.href
      return isLinkable(href) ? `<a href="${escapeHTML(href)}" style="color:#4338ca">${children}</a>` : children
    },
  },
  types: {
    emailButton: ({ value }) => {
      const { label, href } = value as { label?: string | null; href?: string | null }
      return label && isLinkable(href) ? buttonHtml(label, href) : ''
    },
  },
  // What the schema does not have (an image, a list, a style an import brought) is left out, not guessed at.
  unknownType: () => '',
  unknownBlockStyle: ({ children }) => `<p style="margin:0 0 16px">${children ?? ''}</p>`,
  unknownList: () => '',
  unknownListItem: () => '',
}

/** A block's words as plain text: each link's address after its words, unless they are the address. */
function blockText(block: Block): string {
  const links = new Map((block.markDefs ?? []).map((mark) => [mark._key, mark.href]))
  return (block.children ?? [])
    .map((span) => {
      const text = span.text ?? ''
      const href = (span.marks ?? []).map((mark) => links.get(mark)).find(isLinkable)
      return href && href !== text && href !== `mailto:${text}` ? `${text} (${href.replace(/^mailto:/, '')})` : text
    })
    .join('')
}

function itemText(item: BodyItem): string | undefined {
  if (item._type === 'emailButton') return item.label && isLinkable(item.href) ? `${item.label}: ${item.href}` : undefined
  const text = blockText(item).trim()
  if (!text) return undefined
  return item.style === 'h2' || item.style === 'h3' ? text.toUpperCase() : text
}

/**
 * An update's body in the layout of every message of the outbox: HTML by the ecosystem's renderer
 * (@portabletext/to-html, which escapes every text), plain text paragraph by paragraph.
 */
export function renderUpdateBody(body: UpdateBody, values: Record<string, string>): { html: string; text: string } {
  const words = filled(body, values)
  return {
    html: toHTML(words as Parameters<typeof toHTML>[0], { components, onMissingComponent: false }),
    text: words.flatMap((item) => itemText(item) ?? []).join('\n\n'),
  }
}
