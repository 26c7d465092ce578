import { localizedList, sectionHeadingFields } from '../../objects/locale-fields'
import { experimentFieldOf } from '../../objects/experiment-value'
import { sectionBlock } from '../section-block'

/**
 * The sign-up: this page's heading, intro and benefits beside the form, whose own words (labels,
 * button, messages) are the Free-trial form document, the same on every page.
 */
export const freeTrialSection = sectionBlock('freeTrial', {
  heading: 'title.default',
  fields: [
    experimentFieldOf('freeTrial', 'title', { title: 'Heading', description: 'Section heading.' }),
    ...sectionHeadingFields().filter((field) => field.name !== 'title'),
    localizedList({ name: 'benefits', title: 'Benefits', description: 'Arrow-bulleted points beside the form.', min: 2, max: 6 }),
  ],
})
