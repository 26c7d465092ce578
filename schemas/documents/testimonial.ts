import { defineField, defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'
import { byPosition, positionField } from '../objects/position'

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  fields: [
    localizedField({
      name: 'quote',
      title: 'Quote',
      description: 'What the customer said, in their words.',
      paragraph: true,
      max: 320,
    }),
    defineField({
      name: 'author',
      title: 'Author',
      description: 'Full name.',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    localizedField({ name: 'role', title: 'Role', description: 'Job title and company.', max: 80 }),
    defineField({
      name: 'photo',
      title: 'Photo',
      description: 'Optional portrait; crop to the face.',
      type: 'image',
      options: { hotspot: true },
      fields: [
        localizedField({
          name: 'alt',
          title: 'Description',
          description: 'What the photo shows, for people who cannot see it. Needed in both languages.',
          max: 120,
          requiredInEveryLocale: true,
        }),
      ],
    }),
    positionField(),
  ],
  orderings: [byPosition],
  preview: { select: { title: 'author', subtitle: 'role.pt', media: 'photo' } },
})
