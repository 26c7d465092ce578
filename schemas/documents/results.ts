import { defineType } from 'sanity'
import { sectionHeadingFields } from '../objects/locale-fields'

export const results = defineType({
  name: 'results',
  title: 'Results',
  type: 'document',
  description: 'The numbers themselves are the Statistics documents.',
  fields: sectionHeadingFields(),
  preview: { prepare: () => ({ title: 'Results' }) },
})
