import type { LocaleString, LocaleText } from '../../../../schemas/sanity.types.ts'
import { isLocale, type Locale } from '../../../../schemas/locales.ts'
import type { PageContent } from './page-copy.ts'

const localizedTypes: ReadonlySet<unknown> = new Set<(LocaleString | LocaleText)['_type']>(['localeString', 'localeText'])

function keepLocale(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((item) => keepLocale(item, locale))
  if (value === null || typeof value !== 'object') return value
  const localized = localizedTypes.has((value as { _type?: unknown })._type)
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !localized || !isLocale(key) || key === locale)
      .map(([key, child]) => [key, keepLocale(child, locale)]),
  )
}

/**
 * The content with every localized text reduced to one language, marked as such: what the
 * prerender embeds for the page to hydrate from. The page shows that language until its first
 * fetch brings them all (use-page-copy.ts), so the HTML never carries a language nobody reads.
 */
export function contentInLanguage(content: PageContent, locale: Locale): PageContent {
  return { ...(keepLocale(content, locale) as PageContent), onlyLocale: locale }
}
