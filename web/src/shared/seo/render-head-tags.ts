import escapeHtml from 'escape-html'
import type { HeadTags } from './head-tags.ts'

/** The head tags as HTML, for the server's prerender (a module of its own keeps escape-html out of the browser's bundle). */
export function renderHeadTags({ title, meta, links }: HeadTags): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...meta.map((tag) => `<meta ${tag.key}="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`),
    ...links.map(
      (link) => `<link rel="${link.rel}"${link.hreflang ? ` hreflang="${link.hreflang}"` : ''} href="${escapeHtml(link.href)}">`,
    ),
  ].join('\n    ')
}
