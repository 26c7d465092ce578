/** The languages the page is written in. The first is the default and the fallback for SEO. */
export const locales = ['pt', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'pt'

/** BCP 47 tags for `<html lang>`, hreflang and Open Graph. */
export const localeTags: Record<Locale, { html: string; og: string; title: string }> = {
  pt: { html: 'pt-BR', og: 'pt_BR', title: 'Português' },
  en: { html: 'en', og: 'en_US', title: 'English' },
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}
