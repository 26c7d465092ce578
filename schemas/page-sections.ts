/**
 * The section kinds a page can hold: the one list the schema (schemas/blocks/, with each kind's Studio
 * title, description and picture in schemas/blocks/section-kinds.ts), the Studio's picker, the page's
 * renderer (web/src/app/section-registry.ts) and the sections' fallbacks derive from
 * (docs/decisions/0074-pages-as-documents.md); a kind missing from any of them fails the type check.
 * Each id is the section's anchor on the page (`#features`; a second of the kind on one page gets
 * `#features-2`) and the key of its component and fallbacks; its Sanity type is `<id>Section`.
 *
 * Ids only, no Sanity import: the page's first script reads this list, so what only the Studio shows
 * stays out of it.
 */
export const sectionIds = [
  'hero',
  'workflow',
  'useCases',
  'results',
  'features',
  'platform',
  'testimonials',
  'cta',
  'freeTrial',
  'faq',
  'logoRow',
  'richText',
] as const

export type SectionId = (typeof sectionIds)[number]

/** A section's Sanity type in a page's `sections`. */
export type SectionType<Id extends SectionId = SectionId> = `${Id}Section`

export const sectionType = <Id extends SectionId>(id: Id): SectionType<Id> => `${id}Section`

/** Sections a page may hold: enough for any landing page, few enough to keep it within its budgets. */
export const MAX_SECTIONS = 30

/**
 * The sections the header links to, in the header's order, which is not the page's: what a reader
 * looks for first. Each one's label is an interface text (uiStrings: navFeatures, …); a page shows the
 * links to those it has.
 */
export const navSectionIds = ['features', 'useCases', 'platform'] as const satisfies readonly SectionId[]

export type NavSectionId = (typeof navSectionIds)[number]
