import { defineArrayMember, defineField, defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fieldsets: [
    { name: 'seo', title: 'Search and sharing' },
    { name: 'company', title: 'Company details' },
  ],
  fields: [
    defineField({
      name: 'brandName',
      title: 'Brand name',
      description: 'Shown in the header, the page title and the footer.',
      type: 'string',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'ogImage',
      title: 'Sharing image',
      description:
        'Shown when a page without a sharing image of its own is shared on social networks; cropped to 1200 × 630 around the hotspot.',
      type: 'image',
      options: { hotspot: true },
      fieldset: 'seo',
      fields: [
        localizedField({
          name: 'alt',
          title: 'Description',
          description: 'What the image shows, for people who cannot see it. Needed in both languages.',
          max: 120,
          requiredInEveryLocale: true,
        }),
      ],
    }),
    defineField({
      name: 'company',
      title: 'Legal name',
      description: 'The company behind the product.',
      type: 'string',
      fieldset: 'company',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'address', title: 'Address', description: 'Registered address.', type: 'string', fieldset: 'company' }),
    defineField({
      name: 'contact',
      title: 'Phone',
      description: 'A phone number prospects can call.',
      type: 'string',
      fieldset: 'company',
    }),
    defineField({
      name: 'email',
      title: 'Contact email',
      description: 'Where prospects write to.',
      type: 'email',
      fieldset: 'company',
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      description: 'Profiles of the company on social networks.',
      type: 'array',
      fieldset: 'company',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'socialLink',
          fields: [
            defineField({
              name: 'label',
              title: 'Network',
              description: 'For example LinkedIn.',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'url',
              title: 'Profile address',
              description: 'The full https:// address.',
              type: 'url',
              validation: (rule) => rule.required().uri({ scheme: ['https'] }),
            }),
          ],
        }),
      ],
    }),
    localizedField({
      name: 'rights',
      title: 'Rights line',
      description: 'The footer line. {year} becomes the current year.',
      max: 120,
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
})
