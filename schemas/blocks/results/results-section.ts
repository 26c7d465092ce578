import { sectionHeadingFields } from '../../objects/locale-fields'
import { sectionBlock } from '../section-block'
import { sharedList } from '../shared-list'

/** The numbers: statistics from the shared list, the ones this page shows in its order. */
export const resultsSection = sectionBlock('results', {
  fields: [
    ...sectionHeadingFields(),
    sharedList({
      name: 'statistics',
      title: 'Statistics',
      description: 'Which of the Statistics documents this section shows, in order; editing one changes it on every page.',
      to: 'statistic',
      min: 1,
      max: 8,
    }),
  ],
})
