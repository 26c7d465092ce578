import type { LocaleString, LocaleText } from '../../schemas/sanity.types.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'

const languages = (pt: string | undefined, en: string | undefined) => ({
  ...(pt === undefined ? {} : { pt }),
  ...(en === undefined ? {} : { en }),
})

/** A short field in one or both languages, as Sanity stores it; pass undefined to leave a language out. */
export function text(pt: string | undefined, en?: string): LocaleString {
  return { _type: 'localeString', ...languages(pt, en) }
}

/** A long (multi-line) field in one or both languages. */
export function longText(pt: string | undefined, en?: string): LocaleText {
  return { _type: 'localeText', ...languages(pt, en) }
}

/** A bullet point of a localized list (hero, security, benefits). */
export function point(key: string, pt: string | undefined, en?: string): LocaleString & { _key: string } {
  return { _key: key, ...text(pt, en) }
}

/** What the page query returns for an empty dataset: every document missing. */
export function emptyContent(): PageContent {
  return {
    settings: null,
    ui: null,
    hero: null,
    workflow: null,
    useCases: null,
    results: null,
    statistics: [],
    features: null,
    platform: null,
    testimonialsSection: null,
    testimonials: [],
    cta: null,
    freeTrial: null,
    privacyNote: null,
  }
}
