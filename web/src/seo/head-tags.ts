import { localeTags, locales, type Locale } from '../../../schemas/locales.ts'
import { pathForLocale } from '../i18n/locale-preference.ts'
import type { PageCopy } from '../content/page-copy.ts'

export interface HeadTags {
  title: string
  meta: { key: 'name' | 'property'; name: string; content: string }[]
  links: { rel: string; href: string; hreflang?: string }[]
}

/** Title, description, canonical, hreflang alternates and Open Graph for one language. */
export function buildHeadTags(copy: PageCopy, siteUrl: string): HeadTags {
  const url = (locale: Locale) => new URL(pathForLocale(locale), siteUrl).href
  const image = copy.seo.image ? new URL(copy.seo.image, siteUrl).href : undefined
  return {
    title: copy.seo.title,
    meta: [
      { key: 'name', name: 'description', content: copy.seo.description },
      { key: 'property', name: 'og:type', content: 'website' },
      { key: 'property', name: 'og:site_name', content: copy.brandName },
      { key: 'property', name: 'og:title', content: copy.seo.title },
      { key: 'property', name: 'og:description', content: copy.seo.description },
      { key: 'property', name: 'og:url', content: url(copy.locale) },
      { key: 'property', name: 'og:locale', content: localeTags[copy.locale].og },
      ...locales
        .filter((locale) => locale !== copy.locale)
        .map((locale) => ({ key: 'property' as const, name: 'og:locale:alternate', content: localeTags[locale].og })),
      ...(image ? [{ key: 'property' as const, name: 'og:image', content: image }] : []),
      { key: 'name', name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    ],
    links: [
      { rel: 'canonical', href: url(copy.locale) },
      ...locales.map((locale) => ({ rel: 'alternate', hreflang: localeTags[locale].html, href: url(locale) })),
      { rel: 'alternate', hreflang: 'x-default', href: url(locales[0]) },
    ],
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char)

/** The same tags as HTML, for the server's prerender. */
export function renderHeadTags({ title, meta, links }: HeadTags): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...meta.map((tag) => `<meta ${tag.key}="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`),
    ...links.map(
      (link) => `<link rel="${link.rel}"${link.hreflang ? ` hreflang="${link.hreflang}"` : ''} href="${escapeHtml(link.href)}">`,
    ),
  ].join('\n    ')
}
