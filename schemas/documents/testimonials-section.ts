import { defineType } from 'sanity'
import { sectionHeadingFields } from '../objects/locale-fields'

export const testimonialsSection = defineType({
  name: 'testimonialsSection',
  title: 'Testimonials',
  type: 'document',
  description: 'The quotes themselves are the Testimonial documents.',
  fields: sectionHeadingFields(),
  preview: { prepare: () => ({ title: 'Testimonials' }) },
})
