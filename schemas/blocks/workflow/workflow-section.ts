import { defineArrayMember, defineField } from 'sanity'
import { sectionHeadingFields, titleAndDescriptionFields } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'

/** Three numbered steps, from the meeting to the review. */
export const workflowSection = sectionBlock('workflow', {
  fields: [
    // Tighter than other sections: the budgets this section's layout was written for.
    ...sectionHeadingFields({ titleMax: 60, introMax: 200 }),
    defineField({
      name: 'steps',
      title: 'Steps',
      description: 'Exactly three steps, in order. The page numbers them.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'workflowStep',
          fields: [...titleAndDescriptionFields({ titleMax: 50, descriptionMax: 200 })],
          preview: { select: { title: 'title.pt', subtitle: 'title.en' } },
        }),
      ],
      validation: (rule) => rule.required().length(3),
    }),
  ],
})
