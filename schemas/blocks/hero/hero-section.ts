import { localizedField, localizedList } from '../../objects/locale-fields'
import { experimentFieldOf } from '../../objects/experiment-value'
import { sectionBlock } from '../section-block'

/** The page's opening: its one `h1`, the old way against the new, and the buttons to the form and to How it works. */
export const heroSection = sectionBlock('hero', {
  heading: 'headline.default',
  fields: [
    localizedField({ name: 'badge', title: 'Badge', description: 'Small label above the headline.', max: 60 }),
    experimentFieldOf('hero', 'headline', { title: 'Headline', description: 'The first thing visitors read.' }),
    experimentFieldOf('hero', 'subheadline', { title: 'Subheadline', description: 'One or two sentences under the headline.' }),
    localizedField({
      name: 'oldWayTitle',
      title: 'Old way: heading',
      description: 'Heading of the list of today’s pains.',
      max: 40,
    }),
    localizedList({
      name: 'oldWayPoints',
      title: 'Old way: points',
      description: 'Two to five pains of reviews done by hand.',
      min: 2,
      max: 5,
    }),
    localizedField({
      name: 'newWayTitle',
      title: 'New way: heading',
      description: 'Heading of the list of what the product changes.',
      max: 40,
    }),
    localizedList({
      name: 'newWayPoints',
      title: 'New way: points',
      description: 'Two to five gains, each answering a pain above.',
      min: 2,
      max: 5,
    }),
    experimentFieldOf('hero', 'primaryCta', {
      title: 'Primary button',
      description: 'Jumps to the free-trial form (the home page’s, on a page without one).',
    }),
    localizedField({
      name: 'secondaryCta',
      title: 'Secondary button',
      description: 'Jumps to “How it works” on this page; not shown on a page without it.',
      max: 30,
    }),
    localizedField({
      name: 'trialNote',
      title: 'Trial note',
      description: 'Reassurance under the buttons (14 days, no card).',
      max: 80,
    }),
  ],
})
