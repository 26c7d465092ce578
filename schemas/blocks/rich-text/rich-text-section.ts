import { defineField } from 'sanity'
import { localizedField } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'

/** Paragraphs with subheadings, lists, quotes and links, in both languages (Portable Text). */
export const richTextSection = sectionBlock('richText', {
  fields: [
    localizedField({ name: 'title', title: 'Heading', description: 'Optional heading above the text.', max: 70, optional: true }),
    defineField({
      name: 'body',
      title: 'Text',
      description: 'Portuguese is required; without English, the section is left out for English readers.',
      type: 'localeRichText',
      validation: (rule) => rule.required(),
    }),
  ],
})
