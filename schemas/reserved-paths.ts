import { defaultLocale, locales, type Locale } from './locales.ts'

/**
 * The addresses a page's slug may never take, because the site answers them itself: its API, the
 * Launch tool, the stand-ins for Supabase and Sanity, images and built assets, health and metrics,
 * robots.txt and sitemap.xml, the languages' own prefixes, and the pages a sign-up opens (docs/product.md
 * §2). The Studio refuses such a slug (schemas/objects/page-slug.ts) and the server never routes a page
 * there (server/site/page-routes.ts), whatever was written; server/site/reserved-paths.test.ts holds the
 * list to an address of each family of the server's routes and to every page a sign-up opens.
 *
 * Plain data, no Sanity import: the Studio and the server both read it.
 */

/** First segments of every address the server owns, whatever follows them. */
const ownedSegments = [
  'api',
  'launch',
  'rest',
  'functions',
  'images',
  'assets',
  'healthz',
  'metrics',
  'robots.txt',
  'sitemap.xml',
  'favicon.ico',
  ...locales,
]

/**
 * The pages a sign-up opens, under each language: the confirmation, removal, privacy note and referral
 * pages (the link pages' paths, supabase/functions/_shared/links/link-pages.ts and web/src/shared/routes.ts).
 */
const linkPageSegments: Record<Locale, readonly string[]> = {
  pt: ['confirmar', 'descadastrar', 'privacidade', 'indicacoes'],
  en: ['confirm', 'unsubscribe', 'privacy', 'referrals'],
}

/** The content API's versioned routes (`/v2025-02-19/data/query/…`): any `v` and a digit. */
const VERSIONED = /^v\d/

/**
 * Whether a page may not live at `slug` in `locale` (the slug without the language's prefix, `rh` for
 * `/rh`, `for-hr-leaders` for `/en/for-hr-leaders`): its first segment is one the site owns.
 */
export function isReservedSlug(slug: string, locale: Locale): boolean {
  const first = slug.split('/')[0] ?? ''
  if (linkPageSegments[locale].includes(first)) return true
  // Under /en/ only the link pages are the site's; at the root, everything it serves.
  return locale === defaultLocale && (ownedSegments.includes(first) || VERSIONED.test(first))
}

/** Whether the server answers `path` (an address's path, `/api/launch/report`) itself rather than as a page. */
export function isReservedPath(path: string): boolean {
  const [first = '', ...rest] = path.replace(/^\/+/, '').split('/')
  const locale = locales.find((candidate) => candidate !== defaultLocale && candidate === first)
  if (locale) return rest.length > 0 && isReservedSlug(rest.join('/'), locale)
  return first !== '' && isReservedSlug([first, ...rest].join('/'), defaultLocale)
}
