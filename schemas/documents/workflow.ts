import { defineArrayMember, defineField, defineType } from 'sanity'
import { localizedField, sectionHeadingFields } from '../objects/locale-fields'

export const workflow = defineType({
  name: 'workflow',
  title: 'How it works',
  type: 'document',
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
          fields: [
            localizedField({ name: 'title', title: 'Title', description: 'A few words.', max: 50 }),
            localizedField({
              name: 'description',
              title: 'Description',
              description: 'One or two sentences.',
              paragraph: true,
              max: 200,
            }),
          ],
          preview: { select: { title: 'title.pt', subtitle: 'title.en' } },
        }),
      ],
      validation: (rule) => rule.required().length(3),
    }),
  ],
  preview: { prepare: () => ({ title: 'How it works' }) },
})
