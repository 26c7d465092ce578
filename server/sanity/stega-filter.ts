import type { FilterDefault } from '@sanity/client/stega'
import { locales } from '../../schemas/locales.ts'

/**
 * Stega hides each text's source in invisible characters. Only the page's copy (the `pt`/`en`
 * leaves of localized fields) gets them: values the page parses or puts in addresses
 * (statistic values, links, e-mail, icon names) must stay exactly as typed.
 */
export const stegaOnlyOnCopy: FilterDefault = (props) => {
  const last = props.sourcePath.at(-1)
  return typeof last === 'string' && (locales as readonly string[]).includes(last) && props.filterDefault(props)
}
