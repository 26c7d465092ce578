import { defineArrayMember, defineField, defineType } from 'sanity'
import { defaultLocale, localeTags, locales } from '../locales'

/** A link in rich text: to another site over https, to an email address, or to a page of this one (`/en/privacy`). */
const LINK = /^(https:\/\/|mailto:|\/(?!\/))/

/**
 * One language's rich text: paragraphs, two levels of subheading under the section's own, bullet and
 * numbered lists, quotes, bold, italics and links (Sanity's Portable Text, rendered on the page by
 * @portabletext/react).
 */
const richText = defineArrayMember({
  type: 'block',
  styles: [
    { title: 'Paragraph', value: 'normal' },
    { title: 'Subheading', value: 'h3' },
    { title: 'Minor heading', value: 'h4' },
    { title: 'Quote', value: 'blockquote' },
  ],
  lists: [
    { title: 'Bullets', value: 'bullet' },
    { title: 'Numbers', value: 'number' },
  ],
  marks: {
    decorators: [
      { title: 'Bold', value: 'strong' },
      { title: 'Italic', value: 'em' },
    ],
    annotations: [
      defineField({
        name: 'link',
        title: 'Link',
        type: 'object',
        fields: [
          defineField({
            name: 'href',
            title: 'Address',
            description: 'https://…, mailto:… or a page of this site such as /en/privacy.',
            type: 'string',
            validation: (rule) =>
              rule
                .required()
                .custom((href?: string) => !href || LINK.test(href) || 'Use https://…, mailto:… or a path starting with /.'),
          }),
        ],
      }),
    ],
  },
})

/** Rich text in each language, side by side (docs/decisions/0002): Portuguese required, English warned about. */
export const localeRichText = defineType({
  name: 'localeRichText',
  title: 'Localized rich text',
  type: 'object',
  fields: locales.map((locale) =>
    defineField({
      name: locale,
      title: localeTags[locale].title,
      type: 'array',
      of: [richText],
      validation: (rule) =>
        locale === defaultLocale
          ? rule.required().min(1)
          : rule.required().min(1).warning(`Missing ${localeTags[locale].title} text: English readers do not get this section.`),
    }),
  ),
})
