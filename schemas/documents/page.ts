import { defineArrayMember, defineField, defineType } from 'sanity'
import { localeTags, locales } from '../locales'
import { localizedField } from '../objects/locale-fields'
import { isHomePage, pageSlugField } from '../objects/page-slug'
import { MAX_SECTIONS, sectionIds, sectionType } from '../page-sections'
import { sectionKinds } from '../blocks/section-kinds'
import { PAGE_TYPE, pagePath } from '../page-paths'
import { sectionBlocks, sectionPicture } from '../blocks/section-blocks'

/** What is wrong with a page's list of sections, if anything: too many, or a kind that may appear once there twice. */
export function sectionsProblem(sections: readonly { _type?: string }[] | undefined): string | undefined {
  if (!sections?.length) return 'A page needs at least one section.'
  if (sections.length > MAX_SECTIONS) return `At most ${MAX_SECTIONS} sections a page.`
  for (const id of sectionIds.filter((candidate) => sectionKinds[candidate].once)) {
    if (sections.filter((section) => section._type === sectionType(id)).length > 1) {
      return `A page has at most one ${sectionKinds[id].title} section.`
    }
  }
  return undefined
}

/**
 * A page of the site (docs/product.md §2, docs/decisions/0074-pages-as-documents.md): its address in each
 * language, its title, description and sharing image in each, whether search engines may list it, and
 * its sections in order, the page builder. The home page (`homePage`) is the one at `/` and `/en`. A
 * published page is live at once; an unpublished or deleted one answers the not-found page.
 */
export const page = defineType({
  name: PAGE_TYPE,
  title: 'Page',
  type: 'document',
  groups: [
    { name: 'sections', title: 'Sections', default: true },
    { name: 'search', title: 'Address, search and sharing' },
  ],
  fields: [
    localizedField({
      name: 'title',
      title: 'Page title',
      description: 'The browser tab and search result title; the desk lists the page by it.',
      max: 70,
    }),
    defineField({ ...pageSlugField, group: 'search' }),
    localizedField({
      name: 'description',
      title: 'Meta description',
      description: 'The snippet under the title in search results and link previews.',
      paragraph: true,
      max: 170,
    }),
    defineField({
      name: 'noindex',
      title: 'Hidden from search engines',
      description: 'For pages reached only from an ad or a mailing: left out of the sitemap and marked noindex.',
      type: 'boolean',
      initialValue: false,
      group: 'search',
    }),
    defineField({
      name: 'shareImage',
      title: 'Sharing image',
      description: 'Shown when the page is shared, per language; without one, the site’s sharing image (Site settings).',
      type: 'object',
      group: 'search',
      options: { columns: 2 },
      fields: locales.map((locale) =>
        defineField({
          name: locale,
          title: localeTags[locale].title,
          description: 'Cropped to 1200 × 630 around the hotspot.',
          type: 'image',
          options: { hotspot: true },
          fields: [
            defineField({
              name: 'alt',
              title: 'Description',
              description: 'What the image shows, for people who cannot see it.',
              type: 'string',
              validation: (rule) => rule.required().max(120),
            }),
          ],
        }),
      ),
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      description: `The page from top to bottom: drag to reorder, hide one without deleting it; at most ${MAX_SECTIONS}.`,
      type: 'array',
      group: 'sections',
      of: sectionBlocks.map((block) => defineArrayMember({ type: block.name })),
      options: {
        insertMenu: {
          filter: true,
          views: [{ name: 'grid', previewImageUrl: sectionPicture }, { name: 'list' }],
        },
      },
      validation: (rule) => rule.custom((sections: { _type?: string }[] | undefined) => sectionsProblem(sections) ?? true),
    }),
  ],
  preview: {
    select: { title: 'title.pt', id: '_id', pt: 'slug.pt.current', en: 'slug.en.current' },
    prepare: (selection: Record<string, unknown>) => {
      const { title, id, pt, en } = selection as Record<string, string | undefined>
      return {
        title: title || 'Untitled page',
        subtitle: isHomePage({ _id: id })
          ? `${pagePath(undefined, 'pt')} · ${pagePath(undefined, 'en')}`
          : [pt && pagePath(pt, 'pt'), en && pagePath(en, 'en')].filter(Boolean).join(' · ') || 'no address yet',
      }
    },
  },
})
