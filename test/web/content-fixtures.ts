import type { LocaleString, LocaleText } from '../../schemas/sanity.types.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import type { BlockOf, SectionBlock } from '../../web/src/shared/content/section-copy.ts'
import { sectionType, type SectionId } from '../../schemas/page-sections.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'

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
  return { settings: null, ui: null, page: null, form: null, privacyNote: null }
}

/** A section block of `kind` as the page query gives it, with only the fields given (the others absent). */
export function block<Id extends SectionId>(
  kind: Id,
  fields: Partial<Omit<BlockOf<Id>, '_type' | '_key'>> = {},
  key: string = kind,
): BlockOf<Id> {
  return { _key: key, _type: sectionType(kind), ...fields } as BlockOf<Id>
}

/** The home page's content with these sections, in this order, and nothing else. */
export function homePageWith(...sections: SectionBlock[]): PageContent {
  return { ...emptyContent(), page: { ...emptyPage(HOME_PAGE_ID), sections } }
}

/** A page document with no field set: no slugs (the home page's), no title, no sections. */
export function emptyPage(id: string): NonNullable<PageContent['page']> {
  return {
    _id: id,
    title: null,
    description: null,
    noindex: null,
    slug: { pt: null, en: null },
    shareImage: null,
    sections: null,
  }
}

/** The page's first section of `kind`, if it has one. */
export const findSection = <Id extends SectionId>(content: PageContent | undefined, kind: Id): BlockOf<Id> | undefined =>
  content?.page?.sections?.find((section): section is BlockOf<Id> => section._type === sectionType(kind))

/** The page's first section of `kind`, to edit in a test (structuredClone the content first). */
export function sectionOf<Id extends SectionId>(content: PageContent, kind: Id): BlockOf<Id> {
  const found = findSection(content, kind)
  if (!found) throw new Error(`the page has no ${kind} section`)
  return found
}
