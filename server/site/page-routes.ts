/**
 * Which page lives at which address (docs/product.md §2, docs/decisions/0074-pages-as-documents.md):
 * the home page at `/` and `/en` (even when its document is missing: it then shows its fallbacks), every
 * other published page at its slug in each language. A slug the Studio would refuse (reserved, or not
 * lower-case words: an API write can store anything) is left out, as is the second claim to an address
 * another page holds, and both are logged; so the site never serves a page over its own routes.
 */
import type { PageRoutesQueryResult } from '../../schemas/sanity.types.ts'
import { locales, type Locale } from '../../schemas/locales.ts'
import { HOME_PAGE_ID, pagePath } from '../../schemas/page-paths.ts'
import { slugProblem } from '../../schemas/slug-rules.ts'

/** A page found at an address: its document and the address's language. */
export interface PageRoute {
  id: string
  locale: Locale
}

/** A page as the site serves it: its addresses, whether search engines may list it, its title for the Launch tool, its experiments. */
export interface RoutedPage {
  id: string
  title: Partial<Record<Locale, string>>
  noindex: boolean
  paths: Partial<Record<Locale, string>>
  /** The copy experiments its fields hold: a visitor of the page is shown, and counted in, these. */
  experiments: readonly string[]
}

export interface PageRoutes {
  /** The page at this path (`/rh`, `/en/for-hr-leaders`; without its query, a trailing slash allowed). */
  find(path: string): PageRoute | undefined
  /** Every page served, the home page first. */
  pages: readonly RoutedPage[]
  /** A page by its document id. */
  page(id: string): RoutedPage | undefined
}

/** `/rh/` is `/rh`: the address without its trailing slashes. */
export const normalPath = (path: string) => path.replace(/\/+$/, '') || '/'

const homePaths = Object.fromEntries(locales.map((locale) => [locale, pagePath(undefined, locale)])) as Record<Locale, string>

/** The routes of the pages `answer` lists (pageRoutesQuery's, checked), logging each address left out and why. */
export function pageRoutesOf(answer: PageRoutesQueryResult | undefined, warn: (message: string) => void): PageRoutes {
  const byPath = new Map<string, PageRoute>(locales.map((locale) => [homePaths[locale], { id: HOME_PAGE_ID, locale }]))
  const home = answer?.find((page) => page._id === HOME_PAGE_ID)
  const pages: RoutedPage[] = [
    {
      id: HOME_PAGE_ID,
      title: titleOf(home),
      noindex: home?.noindex === true,
      paths: homePaths,
      experiments: experimentsOf(home),
    },
  ]
  for (const page of answer ?? []) {
    if (page._id === HOME_PAGE_ID) continue
    const paths: RoutedPage['paths'] = {}
    for (const locale of locales) {
      const slug = page.slug[locale] ?? undefined
      if (slug === undefined) continue
      const path = pagePath(slug, locale)
      const problem = slugProblem(slug, locale)
      const holder = byPath.get(path)
      if (problem || holder) {
        warn(`page ${page._id} is not served at ${path}: ${problem ?? `page ${holder?.id} has that address`}`)
        continue
      }
      byPath.set(path, { id: page._id, locale })
      paths[locale] = path
    }
    if (Object.keys(paths).length > 0) {
      pages.push({ id: page._id, title: titleOf(page), noindex: page.noindex === true, paths, experiments: experimentsOf(page) })
    }
  }
  const byId = new Map(pages.map((page) => [page.id, page]))
  return { find: (path) => byPath.get(normalPath(path)), pages, page: (id) => byId.get(id) }
}

function experimentsOf(page: PageRoutesQueryResult[number] | undefined): string[] {
  return [...new Set((page?.experiments ?? []).filter((id): id is string => typeof id === 'string'))]
}

function titleOf(page: PageRoutesQueryResult[number] | undefined): RoutedPage['title'] {
  return Object.fromEntries(locales.flatMap((locale) => (page?.title?.[locale] ? [[locale, page.title[locale]]] : [])))
}
