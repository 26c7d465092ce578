import { defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

export const testimonialsSection = defineType({
  name: 'testimonialsSection',
  title: 'Testimonials',
  type: 'document',
  description: 'The quotes themselves are the Testimonial documents.',
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
  preview: { prepare: () => ({ title: 'Testimonials' }) },
})
