/**
 * What `npm run content:migrate` changes to move a dataset from the fixed page (one singleton per
 * section, decision 0004) to pages as documents (docs/decisions/0075-pages-migration.md): the home page
 * is made of the nine singletons, in the page's old order, each as a section of its kind with the same
 * fields; the results and testimonials sections list the statistics and testimonials in their Position
 * order; the free-trial section takes the heading, intro and benefits of the Free-trial document, which
 * keeps the form's words; the site settings' title and description become the home page's. Then the
 * section singletons go. A draft of any of them is refused, never guessed at: publish or discard it first.
 */
import { HOME_PAGE_ID, PAGE_TYPE } from '../schemas/page-paths.ts'
import { sectionType, type SectionId } from '../schemas/page-sections.ts'
import type { SanityDoc } from './experiment-fields-plan.ts'

/** The section singletons of the fixed page, in its order, each with the section kind it becomes. */
export const legacySections: readonly { id: string; section: SectionId }[] = [
  { id: 'hero', section: 'hero' },
  { id: 'workflow', section: 'workflow' },
  { id: 'useCases', section: 'useCases' },
  { id: 'results', section: 'results' },
  { id: 'features', section: 'features' },
  { id: 'platform', section: 'platform' },
  { id: 'testimonialsSection', section: 'testimonials' },
  { id: 'cta', section: 'cta' },
  { id: 'freeTrial', section: 'freeTrial' },
]

/** The Free-trial document's fields that become its section's; the rest are the form's words and stay. */
const FREE_TRIAL_SECTION_FIELDS = ['title', 'subtitle', 'benefits'] as const
/** The site settings' fields that become the home page's. */
const SETTINGS_TO_PAGE = { seoTitle: 'title', seoDescription: 'description' } as const

/** Every document the plan reads, published and draft. */
export const pagesMigrationIds = [...legacySections.map(({ id }) => id), 'siteSettings', HOME_PAGE_ID].flatMap((id) => [
  id,
  `drafts.${id}`,
])

export type Mutation =
  | { create: SanityDoc | Omit<SanityDoc, '_rev'> }
  | { patch: { id: string; ifRevisionID: string; set?: Record<string, unknown>; unset?: string[] } }
  | { delete: { id: string } }

export interface PagesPlan {
  /** One transaction: the home page made, the documents it came from changed or deleted. Empty: nothing to do. */
  mutations: Mutation[]
  /** What stops the move, for a person to sort out in the Studio first. */
  problems: string[]
}

type Reference = { _type: 'reference'; _ref: string; _key: string }

/** The documents' own fields: everything but Sanity's system attributes. */
const contentOf = (doc: SanityDoc): Record<string, unknown> =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_')))

const byPosition = (docs: readonly SanityDoc[]): Reference[] =>
  [...docs]
    .sort((a, b) => Number(a['order'] ?? 0) - Number(b['order'] ?? 0) || a._id.localeCompare(b._id))
    .map(({ _id }) => ({ _type: 'reference', _ref: _id, _key: _id }))

/**
 * The plan for `docs` (every document of pagesMigrationIds the dataset has) and the published
 * statistics and testimonials, whose order the home page's sections take.
 */
export function planPages(
  docs: readonly SanityDoc[],
  lists: { statistics: readonly SanityDoc[]; testimonials: readonly SanityDoc[] },
): PagesPlan {
  const byId = new Map(docs.map((doc) => [doc._id, doc]))
  const present = legacySections.filter(({ id }) => byId.has(id))
  const drafts = [...legacySections.map(({ id }) => id), 'siteSettings'].filter((id) => byId.has(`drafts.${id}`))
  if (byId.has(HOME_PAGE_ID) || byId.has(`drafts.${HOME_PAGE_ID}`)) {
    // Moved already (a second run), or a home page made by hand: the singletons, if any are left, are not touched.
    return { mutations: [], problems: [] }
  }
  if (present.length === 0) return { mutations: [], problems: [] }
  if (drafts.length > 0) {
    return {
      mutations: [],
      problems: drafts.map(
        (id) => `drafts.${id}: unpublished changes; publish or discard them in the Studio, then run this again.`,
      ),
    }
  }
  const freeTrial = byId.get('freeTrial')
  const settings = byId.get('siteSettings')
  const sections = present.map(({ id, section }) => {
    const own = contentOf(byId.get(id) as SanityDoc)
    const fields =
      section === 'freeTrial'
        ? Object.fromEntries(FREE_TRIAL_SECTION_FIELDS.flatMap((name) => (name in own ? [[name, own[name]]] : [])))
        : own
    const shared =
      section === 'results'
        ? { statistics: byPosition(lists.statistics) }
        : section === 'testimonials'
          ? { testimonials: byPosition(lists.testimonials) }
          : {}
    return { _key: section, _type: sectionType(section), ...fields, ...shared }
  })
  const fromSettings = Object.fromEntries(
    Object.entries(SETTINGS_TO_PAGE).flatMap(([from, to]) => (settings?.[from] === undefined ? [] : [[to, settings[from]]])),
  )
  const mutations: Mutation[] = [
    { create: { _id: HOME_PAGE_ID, _type: PAGE_TYPE, ...fromSettings, noindex: false, sections } },
    ...(freeTrial ? [{ patch: { id: 'freeTrial', ifRevisionID: freeTrial._rev, unset: [...FREE_TRIAL_SECTION_FIELDS] } }] : []),
    ...(settings && Object.keys(fromSettings).length > 0
      ? [{ patch: { id: 'siteSettings', ifRevisionID: settings._rev, unset: Object.keys(SETTINGS_TO_PAGE) } }]
      : []),
    // Each deleted only as it was read: an edit made meanwhile fails the whole transaction instead of being lost.
    ...present
      .filter(({ id }) => id !== 'freeTrial')
      .flatMap(({ id }): Mutation[] => [
        { patch: { id, ifRevisionID: (byId.get(id) as SanityDoc)._rev, unset: [] } },
        { delete: { id } },
      ]),
  ]
  return { mutations, problems: [] }
}
