import { defaultLocale, isLocale, type Locale } from '../../../schemas/locales.ts'

export type Route = { page: 'landing'; locale: Locale } | { page: 'notFound' }

/** `/` is the Portuguese landing page, `/en` the English one; anything else is not found. */
export function matchRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return { page: 'landing', locale: defaultLocale }
  const segment = path.slice(1)
  return isLocale(segment) && segment !== defaultLocale ? { page: 'landing', locale: segment } : { page: 'notFound' }
}
