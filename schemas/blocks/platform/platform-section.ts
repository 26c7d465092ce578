import { defineArrayMember, defineField } from 'sanity'
import { localizedField, localizedList, sectionHeadingFields } from '../../objects/locale-fields'
import { integrationCategories } from '../../integration-categories'
import { sectionBlock } from '../section-block'

/** The tools it connects to, by kind, and its promises about data. */
export const platformSection = sectionBlock('platform', {
  fields: [
    ...sectionHeadingFields(),
    localizedField({
      name: 'integrationsTitle',
      title: 'Integrations heading',
      description: 'Heading over the list of tools.',
      max: 50,
    }),
    defineField({
      name: 'integrations',
      title: 'Integrations',
      description: 'Tools the product connects to, grouped by kind on the page.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'integration',
          fields: [
            defineField({
              name: 'name',
              title: 'Tool',
              description: 'Product name, e.g. Slack.',
              type: 'string',
              validation: (rule) => rule.required().max(30),
            }),
            defineField({
              name: 'category',
              title: 'Kind',
              description: 'Chat, video meetings or team tools.',
              type: 'string',
              options: { list: [...integrationCategories], layout: 'radio' },
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'name', subtitle: 'category' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    localizedField({ name: 'chatLabel', title: 'Chat group label', description: 'Label over chat tools.', max: 30 }),
    localizedField({ name: 'videoLabel', title: 'Video group label', description: 'Label over video-meeting tools.', max: 30 }),
    localizedField({ name: 'teamLabel', title: 'Team group label', description: 'Label over team tools.', max: 30 }),
    localizedField({
      name: 'securityTitle',
      title: 'Security heading',
      description: 'Heading over the security promises.',
      max: 50,
    }),
    localizedList({
      name: 'securityPoints',
      title: 'Security points',
      description: 'Two to five promises about data.',
      min: 2,
      max: 5,
    }),
  ],
})
