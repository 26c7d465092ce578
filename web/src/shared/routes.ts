import { defaultLocale, isLocale, locales, type Locale } from '../../../schemas/locales.ts'
import { HOME_PAGE_ID } from '../../../schemas/page-paths.ts'

/** The pages a sign-up opens: the welcome's two personal links and the privacy note the form links to. */
export const signupPages = ['confirm', 'remove', 'privacy'] as const
export type SignupPage = (typeof signupPages)[number]

/**
 * A page of the site (`landing`) is its document's id and the language of its address: the home page
 * at `/` and `/en`, any other where the server found it by its slug (docs/decisions/0074-pages-as-documents.md).
 * A not-found address under a language's prefix (`/en/…`) names that language; others name none.
 * The referral pages (status, leaderboard) are routed by the server alone and never by this
 * module, so the landing page's script carries nothing of them (docs/decisions/0048-referrals.md).
 */
export type Route =
  | { page: 'landing'; locale: Locale; id: string }
  | { page: SignupPage; locale: Locale }
  | { page: 'referral'; locale: Locale }
  | { page: 'notFound'; locale?: Locale }

/**
 * Each sign-up page has an address per language, the English one under /en like the landing
 * page. The welcome's links are built from the same addresses (supabase/functions/_shared/links/link-pages.ts).
 */
const signupPagePaths: Record<SignupPage, Record<Locale, string>> = {
  confirm: { pt: '/confirmar', en: '/en/confirm' },
  remove: { pt: '/descadastrar', en: '/en/unsubscribe' },
  privacy: { pt: '/privacidade', en: '/en/privacy' },
}

export function isSignupRoute(route: Route): route is { page: SignupPage; locale: Locale } {
  return (signupPages as readonly string[]).includes(route.page)
}

export function pathOf(page: SignupPage, locale: Locale): string {
  return signupPagePaths[page][locale]
}

/**
 * `/` is the Portuguese home page, `/en` the English one; then the sign-up pages; anything else is not
 * found, unless the server found a page there: `pageId`, the one it rendered (the prerender embeds it).
 */
export function matchRoute(pathname: string, pageId?: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return { page: 'landing', locale: defaultLocale, id: HOME_PAGE_ID }
  for (const page of signupPages) {
    const locale = locales.find((candidate) => signupPagePaths[page][candidate] === path)
    if (locale) return { page, locale }
  }
  const [segment, ...rest] = path.slice(1).split('/')
  const locale = isLocale(segment) && segment !== defaultLocale ? segment : undefined
  if (locale && rest.length === 0) return { page: 'landing', locale, id: HOME_PAGE_ID }
  if (pageId) return { page: 'landing', locale: locale ?? defaultLocale, id: pageId }
  return locale ? { page: 'notFound', locale } : { page: 'notFound' }
}

/** The language a page is read in: its address's, else the reader's choice. */
export function routeLocale(route: Route, preferredLocale: Locale): Locale {
  return route.locale ?? preferredLocale
}
