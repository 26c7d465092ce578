import { defineArrayMember, defineField } from 'sanity'
import { localizedField, sectionHeadingFields } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'

/**
 * Questions and answers, each answer behind its question (a disclosure a keyboard opens too), and the
 * same questions as FAQPage structured data for search engines.
 */
export const faqSection = sectionBlock('faq', {
  fields: [
    ...sectionHeadingFields(),
    defineField({
      name: 'questions',
      title: 'Questions',
      description: 'In the order readers ask them; each shows its answer when opened.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'faqItem',
          fields: [
            localizedField({ name: 'question', title: 'Question', description: 'As a reader would ask it.', max: 150 }),
            localizedField({
              name: 'answer',
              title: 'Answer',
              description: 'A short paragraph: search engines may show it as it is.',
              paragraph: true,
              max: 600,
            }),
          ],
          preview: { select: { title: 'question.pt', subtitle: 'question.en' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(20),
    }),
  ],
})
