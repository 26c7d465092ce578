/**
 * The section types a page can hold: the one list the schema (schemas/blocks/), the Studio's picker,
 * the page's renderer (web/src/app/section-registry.ts) and the sections' fallbacks derive from
 * (docs/decisions/0004-section-order.md, 0074-pages-as-documents.md). A page is an ordered list of them.
 *
 * - `id`: the section's anchor on the page (`#features`; a second of the kind on one page gets
 *   `#features-2`) and the key of its component and fallbacks; its Sanity type is `<id>Section`.
 * - `once`: at most one on a page (one `h1`, one form).
 *
 * Plain data, no Sanity import: the page's bundle reads it too.
 */
export const sectionKinds = [
  { id: 'hero', title: 'Hero', description: 'Headline, the old way against the new, buttons to the form.', once: true },
  { id: 'workflow', title: 'How it works', description: 'Three numbered steps.' },
  { id: 'useCases', title: 'Use cases', description: 'The benefits told per audience.' },
  { id: 'results', title: 'Results', description: 'Statistics, chosen from the shared list.' },
  { id: 'features', title: 'Features', description: 'Cards with an icon, a title and a sentence.' },
  { id: 'platform', title: 'Platform', description: 'Integrations by kind, and security points.' },
  { id: 'testimonials', title: 'Testimonials', description: 'Quotes, chosen from the shared list.' },
  { id: 'cta', title: 'Call to action', description: 'One line and a button to the form.' },
  { id: 'freeTrial', title: 'Free trial', description: 'Benefits beside the sign-up form.', once: true },
  { id: 'faq', title: 'FAQ', description: 'Questions and answers that open on a click.' },
  { id: 'logoRow', title: 'Logo row', description: 'Names or logos of those who trust the product.' },
  { id: 'richText', title: 'Rich text', description: 'Paragraphs, headings, lists and links.' },
] as const satisfies readonly { id: string; title: string; description: string; once?: true }[]

export type SectionId = (typeof sectionKinds)[number]['id']

/** A section's Sanity type in a page's `sections`. */
export type SectionType<Id extends SectionId = SectionId> = `${Id}Section`

export const sectionType = <Id extends SectionId>(id: Id): SectionType<Id> => `${id}Section`

export const sectionIds: readonly SectionId[] = sectionKinds.map((kind) => kind.id)

/** Sections a page may hold: enough for any landing page, few enough to keep it within its budgets. */
export const MAX_SECTIONS = 30

/**
 * The sections the header links to, in the header's order, which is not the page's: what a reader
 * looks for first. Each one's label is an interface text (uiStrings: navFeatures, …); a page shows the
 * links to those it has.
 */
export const navSectionIds = ['features', 'useCases', 'platform'] as const satisfies readonly SectionId[]

export type NavSectionId = (typeof navSectionIds)[number]
