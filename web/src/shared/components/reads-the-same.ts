import { isLocale, type Locale } from '../../../../schemas/locales.ts'

/**
 * Whether a component's props read the same, for memo(): copy is plain data, so they are compared as
 * JSON, with every text in a language other than `locale` left out. The first fetch brings both
 * languages where the prerender embedded one; compared whole, every section would differ and the
 * whole page would be drawn again, in one long task on a phone.
 */
export function readsTheSame(before: object, after: object, locale: Locale): boolean {
  const asRead = (props: object) =>
    JSON.stringify(props, (key, value: unknown) => (isLocale(key) && key !== locale ? undefined : value))
  return asRead(before) === asRead(after)
}
