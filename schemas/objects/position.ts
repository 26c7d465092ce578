import { defineField, type SortOrdering } from 'sanity'

/** A document's place in its list on the page (statistics, testimonials): lower numbers come first. */
export function positionField() {
  return defineField({
    name: 'order',
    title: 'Position',
    description: 'Lower numbers come first.',
    type: 'number',
    validation: (rule) => rule.required().integer().min(0),
  })
}

/** The Studio's list in the page's order, by position. */
export const byPosition: SortOrdering = { title: 'Position', name: 'position', by: [{ field: 'order', direction: 'asc' }] }
