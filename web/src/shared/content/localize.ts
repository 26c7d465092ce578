import type { Locale } from '../../../../schemas/locales.ts'

/** A field as Sanity returns it: one optional text per language. */
export type LocalizedText = Partial<Record<Locale, string | null>> | null | undefined

/** The text in the reader's language, or undefined when it is missing or blank. */
export function localize(value: LocalizedText, locale: Locale): string | undefined {
  const text = value?.[locale]?.trim()
  return text ? text : undefined
}

/** Bullet lists: keeps only the points written in the reader's language. */
export function localizeList(values: readonly LocalizedText[] | null | undefined, locale: Locale): string[] {
  return (values ?? []).flatMap((value) => {
    const text = localize(value, locale)
    return text === undefined ? [] : [text]
  })
}
