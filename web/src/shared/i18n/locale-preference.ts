import { isLocale, type Locale } from '../../../../schemas/locales.ts'
import { pagePath } from '../../../../schemas/page-paths.ts'

/** The cookie the server reads to prerender the reader's language on the next visit. */
export const LOCALE_COOKIE = 'lang'
const ONE_YEAR_S = 60 * 60 * 24 * 365

/** Each language has its own address, so search engines can index both (hreflang): the home page's. */
export const pathForLocale = (locale: Locale): string => pagePath(undefined, locale)

export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`
}

/** The browser's own read of the choice (`document.cookie`); the server reads it with @fastify/cookie. */
export function localeFromCookieHeader(cookieHeader: string | undefined): Locale | undefined {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1]
  return isLocale(value) ? value : undefined
}
