import { defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

export const cta = defineType({
  name: 'cta',
  title: 'Call to action',
  type: 'document',
  fields: [
    localizedField({ name: 'title', title: 'Heading', description: 'The closing argument.', max: 80 }),
    localizedField({ name: 'description', title: 'Text', description: 'One or two sentences.', paragraph: true, max: 220 }),
    localizedField({ name: 'buttonText', title: 'Button', description: 'Jumps to the free-trial form.', max: 30 }),
  ],
  preview: { prepare: () => ({ title: 'Call to action' }) },
})
