import { defineArrayMember, defineField } from 'sanity'
import { localizedField, localizedList, sectionHeadingFields, titleAndDescriptionFields } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'

/** The benefits told per audience: one card each. */
export const useCasesSection = sectionBlock('useCases', {
  fields: [
    ...sectionHeadingFields(),
    defineField({
      name: 'audiences',
      title: 'Audiences',
      description: 'One card per audience: managers, HR, team leads.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'audience',
          fields: [
            localizedField({ name: 'audience', title: 'Audience', description: 'Who this card speaks to, e.g. “HR”.', max: 30 }),
            ...titleAndDescriptionFields({
              titleLabel: 'Promise',
              titleHelp: 'What they gain, in a line.',
              titleMax: 70,
              descriptionHelp: 'Two sentences at most.',
              descriptionMax: 220,
            }),
            localizedList({ name: 'points', title: 'Points', description: 'Two to four concrete benefits.', min: 2, max: 4 }),
          ],
          preview: { select: { title: 'audience.pt', subtitle: 'title.pt' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(4),
    }),
  ],
})
