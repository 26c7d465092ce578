import { defineArrayMember, defineField } from 'sanity'
import { sectionHeadingFields, titleAndDescriptionFields } from '../../objects/locale-fields'
import { featureIcons } from '../../feature-icons'
import { sectionBlock } from '../section-block'

/** What the product does, one card per capability. */
export const featuresSection = sectionBlock('features', {
  fields: [
    ...sectionHeadingFields(),
    defineField({
      name: 'items',
      title: 'Features',
      description: 'One card per capability, in display order.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'feature',
          fields: [
            defineField({
              name: 'icon',
              title: 'Icon',
              description: 'The drawing on the card.',
              type: 'string',
              options: { list: featureIcons.map((value) => ({ value, title: value })) },
              validation: (rule) => rule.required(),
            }),
            ...titleAndDescriptionFields({ titleMax: 50, descriptionMax: 200 }),
          ],
          preview: { select: { title: 'title.pt', subtitle: 'icon' } },
        }),
      ],
      validation: (rule) => rule.required().min(3).max(9),
    }),
  ],
})
