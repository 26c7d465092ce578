import { defaultLocale, type Locale } from './locales.ts'

/**
 * Where a page lives (docs/product.md §2): the home page at `/` and `/en`, every other page at its slug
 * in each language, `/rh` and `/en/for-hr-leaders`. Plain data, no Sanity import: the page, the server and
 * the Studio read it.
 */

/** The home page's document: the one page without slugs, at each language's root. */
export const HOME_PAGE_ID = 'homePage'

/** The page document's type. */
export const PAGE_TYPE = 'page'

/** A page's address in `locale`: its slug under the language's prefix, or the language's root for the home page. */
export function pagePath(slug: string | undefined, locale: Locale): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`
  return slug ? `${prefix}/${slug}` : prefix || '/'
}
