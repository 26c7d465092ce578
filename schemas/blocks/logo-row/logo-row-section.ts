import { defineArrayMember, defineField } from 'sanity'
import { localizedField } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'

/** A row of the names or logos of those who trust the product (“trusted by”). */
export const logoRowSection = sectionBlock('logoRow', {
  fields: [
    localizedField({ name: 'title', title: 'Heading', description: 'One line above the row, e.g. “Trusted by”.', max: 60 }),
    defineField({
      name: 'logos',
      title: 'Logos',
      description: 'In display order. Without an image, the name is shown in letters.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'logo',
          fields: [
            defineField({
              name: 'name',
              title: 'Name',
              description: 'The organisation’s name: the image’s description, or the text shown without one.',
              type: 'string',
              validation: (rule) => rule.required().max(40),
            }),
            defineField({
              name: 'image',
              title: 'Logo',
              description: 'Optional; a wide image on a transparent background reads best, at most 160 × 48 on the page.',
              type: 'image',
            }),
          ],
          preview: { select: { title: 'name', media: 'image' } },
        }),
      ],
      validation: (rule) => rule.required().min(2).max(12),
    }),
  ],
})
