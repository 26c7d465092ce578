import { defineField, defineType, type SlugValidationContext } from 'sanity'
import { localeTags, locales, type Locale } from '../locales'
import { HOME_PAGE_ID, PAGE_TYPE } from '../page-paths'
import { slugify, slugProblem } from '../slug-rules'
import { SCHEMA_API_VERSION } from '../api-version'

/** The published id of a document, draft or not (`drafts.x` → `x`). */
export const publishedId = (id: string | undefined) => (id ?? '').replace(/^drafts\./, '')

/** Whether a document is the home page, which lives at each language's root and has no slug. */
export const isHomePage = (document: { _id?: string } | undefined) => publishedId(document?._id) === HOME_PAGE_ID

/**
 * Whether no other page has `slug` in `locale`: the page's own draft and published version aside, and
 * other pages' drafts included, so that two editors cannot publish one address twice.
 */
export async function slugIsUnique(
  slug: string,
  locale: Locale,
  { document, getClient }: SlugValidationContext,
): Promise<boolean> {
  const id = publishedId(document?._id)
  const taken = await getClient({ apiVersion: SCHEMA_API_VERSION }).fetch<number>(
    `count(*[_type == $type && !(_id in [$id, $draft]) && slug[$locale].current == $slug])`,
    { type: PAGE_TYPE, id, draft: `drafts.${id}`, locale, slug },
  )
  return taken === 0
}

/**
 * A page's address in each language, side by side (`rh`, `for-hr-leaders`: `/rh` and
 * `/en/for-hr-leaders`); the home page has none. Refused: a slug another page has in that language, one
 * the site answers itself (schemas/reserved-paths.ts), one that is not lower-case words and hyphens.
 * Changing a published page's slug leaves a permanent redirect from the old one (the server keeps it).
 */
export const pageSlug = defineType({
  name: 'pageSlug',
  title: 'Address',
  type: 'object',
  options: { columns: 2 },
  fields: locales.map((locale) =>
    defineField({
      name: locale,
      title: localeTags[locale].title,
      description: `After ${locale === 'pt' ? '/' : `/${locale}/`}: lower-case words and hyphens.`,
      type: 'slug',
      options: {
        source: (document) => (document['title'] as Partial<Record<Locale, string>> | undefined)?.[locale] ?? '',
        slugify,
        isUnique: (slug: string, context: SlugValidationContext) => slugIsUnique(slug, locale, context),
      },
      validation: (rule) =>
        rule.custom((value: { current?: string } | undefined, context) =>
          isHomePage(context.document) ? true : (slugProblem(value?.current, locale) ?? true),
        ),
    }),
  ),
})

/** The slug field of a page: hidden on the home page, which has its languages' roots. */
export const pageSlugField = defineField({
  name: 'slug',
  title: 'Address',
  description: 'Where the page lives in each language. Changing it later sends the old address here, permanently.',
  type: 'pageSlug',
  hidden: ({ document }) => isHomePage(document),
})
