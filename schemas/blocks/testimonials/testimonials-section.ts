import { sectionHeadingFields } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'
import { sharedList } from '../shared-list'

/** Quotes from customers: testimonials from the shared list, the ones this page shows in its order. */
export const testimonialsSection = sectionBlock('testimonials', {
  fields: [
    ...sectionHeadingFields(),
    sharedList({
      name: 'testimonials',
      title: 'Testimonials',
      description: 'Which of the Testimonial documents this section shows, in order; editing one changes it on every page.',
      to: 'testimonial',
      min: 1,
      max: 9,
    }),
  ],
})
