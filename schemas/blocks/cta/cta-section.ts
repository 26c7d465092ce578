import { localizedField } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'

/** The closing line and a button to the form. */
export const ctaSection = sectionBlock('cta', {
  fields: [
    localizedField({ name: 'title', title: 'Heading', description: 'The closing argument.', max: 80 }),
    localizedField({ name: 'description', title: 'Text', description: 'One or two sentences.', paragraph: true, max: 220 }),
    localizedField({ name: 'buttonText', title: 'Button', description: 'Jumps to the free-trial form.', max: 30 }),
  ],
})
