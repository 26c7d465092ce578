import { locales, localeTags } from '../../schemas/locales.ts'
import { pathForLocale } from '../../web/src/i18n/locale-preference.ts'

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}

/** Both language versions, each listing the other as its alternate (hreflang). */
export function sitemapXml(siteUrl: string): string {
  const url = (path: string) => new URL(path, `${siteUrl}/`).href
  const alternates = locales
    .map(
      (locale) => `    <xhtml:link rel="alternate" hreflang="${localeTags[locale].html}" href="${url(pathForLocale(locale))}"/>`,
    )
    .join('\n')
  const entries = locales
    .map((locale) => `  <url>\n    <loc>${url(pathForLocale(locale))}</loc>\n${alternates}\n  </url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries}\n</urlset>\n`
}
