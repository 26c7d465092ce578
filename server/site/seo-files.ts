import { locales, localeTags, type Locale } from '../../schemas/locales.ts'
import { pathOf } from '../../web/src/shared/routes.ts'
import type { RoutedPage } from './page-routes.ts'

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}

/** The privacy note, public and indexable; the confirm and removal pages are personal (noindex), so not listed. */
const privacyNote: Pick<RoutedPage, 'paths' | 'noindex'> = {
  paths: Object.fromEntries(locales.map((locale) => [locale, pathOf('privacy', locale)])),
  noindex: false,
}

/**
 * Every published page search engines may list (docs/product.md §2: not those marked noindex) and the
 * privacy note, each in every language it has an address in, each version listing every version as
 * its alternate (hreflang).
 */
export function sitemapXml(siteUrl: string, pages: readonly Pick<RoutedPage, 'paths' | 'noindex'>[]): string {
  const url = (path: string) => new URL(path, `${siteUrl}/`).href
  const entries = [...pages, privacyNote]
    .filter((page) => !page.noindex)
    .flatMap(({ paths }) => {
      const present = locales.filter((locale): locale is Locale => paths[locale] !== undefined)
      const alternates = present
        .map(
          (locale) =>
            `    <xhtml:link rel="alternate" hreflang="${localeTags[locale].html}" href="${url(paths[locale] as string)}"/>`,
        )
        .join('\n')
      return present.map((locale) => `  <url>\n    <loc>${url(paths[locale] as string)}</loc>\n${alternates}\n  </url>`)
    })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`
}
