import { defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

export const results = defineType({
  name: 'results',
  title: 'Results',
  type: 'document',
  description: 'The numbers themselves are the Statistics documents.',
  fields: [
    localizedField({ name: 'title', title: 'Heading', description: 'Section heading.', max: 70 }),
    localizedField({
      name: 'subtitle',
      title: 'Intro',
      description: 'One sentence under the heading.',
      paragraph: true,
      max: 220,
    }),
  ],
  preview: { prepare: () => ({ title: 'Results' }) },
})
