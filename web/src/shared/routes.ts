import { defaultLocale, isLocale, locales, type Locale } from '../../../schemas/locales.ts'

/** The pages a sign-up opens: the welcome's two personal links and the privacy note the form links to. */
export const signupPages = ['confirm', 'remove', 'privacy'] as const
export type SignupPage = (typeof signupPages)[number]

/**
 * A not-found address under a language's prefix (`/en/…`) names that language; others name none.
 * The referral pages (status, leaderboard) are routed by the server alone and never by this
 * module, so the landing page's script carries nothing of them (docs/decisions/0048-referrals.md).
 */
export type Route =
  | { page: 'landing'; locale: Locale }
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

/** `/` is the Portuguese landing page, `/en` the English one; then the sign-up pages; anything else is not found. */
export function matchRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return { page: 'landing', locale: defaultLocale }
  for (const page of signupPages) {
    const locale = locales.find((candidate) => signupPagePaths[page][candidate] === path)
    if (locale) return { page, locale }
  }
  const [segment, ...rest] = path.slice(1).split('/')
  if (!isLocale(segment) || segment === defaultLocale) return { page: 'notFound' }
  return rest.length === 0 ? { page: 'landing', locale: segment } : { page: 'notFound', locale: segment }
}

/** The language a page is read in: its address's, else the reader's choice. */
export function routeLocale(route: Route, preferredLocale: Locale): Locale {
  return route.locale ?? preferredLocale
}
