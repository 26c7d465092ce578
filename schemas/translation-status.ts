import isPlainObject from 'is-plain-obj'
import { localeTags, locales, type Locale } from './locales'

/** How many localized texts in a value have no text in each language. */
export type MissingTranslations = Record<Locale, number>

const localizedTypes = new Set(['localeString', 'localeText', 'localeRichText'])

/**
 * Counts, per language, the localized texts (`{pt, en}` objects, at any depth: list items,
 * image alts, page sections, rich text…) that are empty in that language. Drives the Studio's "missing English" hints.
 */
export function countMissingTranslations(value: unknown): MissingTranslations {
  const missing = Object.fromEntries(locales.map((locale) => [locale, 0])) as MissingTranslations
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit)
      return
    }
    if (!isPlainObject(node)) return
    if (isLocalizedText(node)) {
      for (const locale of locales) {
        if (isEmpty(node[locale])) missing[locale] += 1
      }
      return
    }
    Object.entries(node).forEach(([key, inner]) => {
      if (!key.startsWith('_')) visit(inner)
    })
  }
  visit(value)
  return missing
}

/** "English missing in 2 texts", or undefined when every text exists in every language. */
export function describeMissingTranslations(missing: MissingTranslations): string | undefined {
  const parts = locales
    .filter((locale) => missing[locale] > 0)
    .map((locale) => `${localeTags[locale].title} missing in ${plural(missing[locale], 'text')}`)
  return parts.length > 0 ? parts.join(' · ') : undefined
}

/** Badge text such as "EN missing", listing the languages with gaps. */
export function missingLocalesLabel(missing: MissingTranslations): string | undefined {
  const gaps = locales.filter((locale) => missing[locale] > 0)
  return gaps.length > 0 ? `${gaps.map((locale) => locale.toUpperCase()).join(' + ')} missing` : undefined
}

// Seed and API documents carry `_type`; objects typed by hand in the Studio may not yet.
function isLocalizedText(node: Record<string, unknown>): boolean {
  if (typeof node['_type'] === 'string') return localizedTypes.has(node['_type'])
  // Texts only: a page's slugs and sharing images are objects per language too, but not texts.
  const entries = Object.entries(node).filter(([key]) => !key.startsWith('_'))
  return (
    entries.length > 0 &&
    entries.every(
      ([key, text]) => (locales as readonly string[]).includes(key) && (typeof text === 'string' || Array.isArray(text)),
    )
  )
}

/** A language's text, or its rich text (a list of blocks), that says nothing. */
function isEmpty(text: unknown): boolean {
  return Array.isArray(text) ? text.length === 0 : typeof text !== 'string' || text.trim() === ''
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
