import type { FilterDefault } from '@sanity/client/stega'
import { locales } from '../../schemas/locales.ts'

const isLocale = (segment: unknown) => typeof segment === 'string' && (locales as readonly string[]).includes(segment)

/**
 * Stega hides each text's source in invisible characters. Only the page's copy gets them: the `pt`/`en`
 * leaves of localized fields, and the words of a language's rich text (its spans' `text`), so that
 * every section of a page has text a click in Presentation opens. Values the page parses or puts in
 * addresses (statistic values, links, e-mail, icon names, slugs) must stay exactly as typed.
 */
export const stegaOnlyOnCopy: FilterDefault = (props) => {
  const path = props.sourcePath
  const last = path.at(-1)
  const copy = isLocale(last) || (last === 'text' && path.at(-3) === 'children' && path.some(isLocale))
  return copy && props.filterDefault(props)
}
