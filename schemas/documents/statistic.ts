import { defineField, defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'
import { byPosition, positionField } from '../objects/position'

/** 90%, 3x, 1.5x, 500+ … a number with an optional unit the page can display large. */
const statisticValuePattern = /^\d+([.,]\d+)?(%|x|\+)?$/

export const statistic = defineType({
  name: 'statistic',
  title: 'Statistic',
  type: 'document',
  fields: [
    defineField({
      name: 'value',
      title: 'Value',
      description: 'A number with an optional %, x or +, e.g. 90% or 3x.',
      type: 'string',
      validation: (rule) => rule.required().regex(statisticValuePattern, { name: 'number with %, x or +' }),
    }),
    localizedField({ name: 'label', title: 'Label', description: 'What the number measures.', max: 50 }),
    positionField(),
  ],
  orderings: [byPosition],
  preview: { select: { title: 'value', subtitle: 'label.pt' } },
})
