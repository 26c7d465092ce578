import { locales, localeTags, type Locale } from '../../schemas/locales.ts'
import { pathForLocale } from '../../web/src/shared/i18n/locale-preference.ts'
import { pathOf } from '../../web/src/shared/routes.ts'

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}

/**
 * The public, indexable pages: the landing page and the privacy note. The confirm and removal
 * pages are personal (they act on a signed link) and carry noindex, so they are not listed.
 */
const indexedPages: readonly ((locale: Locale) => string)[] = [pathForLocale, (locale) => pathOf('privacy', locale)]

/** Each page in both languages, each version listing every version as its alternate (hreflang). */
export function sitemapXml(siteUrl: string): string {
  const url = (path: string) => new URL(path, `${siteUrl}/`).href
  const entries = indexedPages.flatMap((pathIn) => {
    const alternates = locales
      .map((locale) => `    <xhtml:link rel="alternate" hreflang="${localeTags[locale].html}" href="${url(pathIn(locale))}"/>`)
      .join('\n')
    return locales.map((locale) => `  <url>\n    <loc>${url(pathIn(locale))}</loc>\n${alternates}\n  </url>`)
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`
}
