/**
 * The landing page's sections in page order: the one list the page, its header, the Studio desk and
 * the schema list derive from (docs/decisions/0004-section-order.md).
 *
 * - `id`: the section's anchor on the page (`#features`) and its key in the page copy.
 * - `schemaType`: the Sanity document holding its texts, a singleton whose id is its type name.
 *
 * Plain data, no Sanity import: the page's bundle reads it too.
 */
export const pageSections = [
  { id: 'hero', schemaType: 'hero' },
  { id: 'workflow', schemaType: 'workflow' },
  { id: 'useCases', schemaType: 'useCases' },
  { id: 'results', schemaType: 'results' },
  { id: 'features', schemaType: 'features' },
  { id: 'platform', schemaType: 'platform' },
  { id: 'testimonials', schemaType: 'testimonialsSection' },
  { id: 'cta', schemaType: 'cta' },
  { id: 'freeTrial', schemaType: 'freeTrial' },
] as const satisfies readonly { id: string; schemaType: string }[]

export type SectionId = (typeof pageSections)[number]['id']
export type SectionSchemaType = (typeof pageSections)[number]['schemaType']

export const sectionIds: readonly SectionId[] = pageSections.map((section) => section.id)

/**
 * The sections the header links to, in the header's order, which is not the page's: what a
 * reader looks for first. Each one's label is an interface text (uiStrings: navFeatures, …).
 */
export const navSectionIds = ['features', 'useCases', 'platform'] as const satisfies readonly SectionId[]

export type NavSectionId = (typeof navSectionIds)[number]
