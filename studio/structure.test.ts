import { describe, expect, it } from 'vitest'
import { createSchema } from 'sanity'
import { createStructureBuilder, type StructureBuilderOptions, type StructureResolverContext } from 'sanity/structure'
import { schemaTypes, sectionTypes } from '../schemas/schema-types'
import { singletonTypeNames, structure } from './structure'

// The parts of a Studio source the desk builder reads while it lays out the lists.
const source = {
  schema: createSchema({ name: 'test', types: schemaTypes }),
  getClient: () => ({}),
  i18n: { t: (key: string) => key },
  document: { resolveNewDocumentOptions: () => [] },
  templates: [],
  currentUser: null,
} as unknown as StructureBuilderOptions['source']

interface SerializedItem {
  id: string
  title?: string
  type: string
  _id?: string
  schemaType?: { name: string }
  child?: { options?: { defaultOrdering?: unknown } }
}

function desk(): SerializedItem[] {
  const S = createStructureBuilder({ source, perspectiveStack: [] })
  const root = structure(S, {} as StructureResolverContext) as ReturnType<typeof S.list>
  return root.serialize().items as unknown as SerializedItem[]
}

describe('the desk', () => {
  it('mirrors the page: sections in page order, then statistics, testimonials and experiments, then site-wide texts, then sign-up mail and pages, then the updates', () => {
    expect(desk().map((item) => (item.type === 'divider' ? '—' : item.id))).toEqual([
      'hero',
      'workflow',
      'useCases',
      'results',
      'features',
      'platform',
      'testimonialsSection',
      'cta',
      'freeTrial',
      '—',
      'statistic',
      'testimonial',
      'experiment',
      '—',
      'uiStrings',
      'siteSettings',
      '—',
      'privacyNote',
      'welcomeEmail',
      'linkPages',
      'referralSettings',
      'invitationEmail',
      '—',
      'updateEmail',
    ])
  })

  it('opens with one entry per section type, in the order of the schema’s section list', () => {
    const sectionEntries = desk().slice(0, sectionTypes.length)
    expect(sectionEntries.map((item) => item.id)).toEqual(sectionTypes.map((type) => type.name))
    expect(sectionEntries.map((item) => item.title)).toEqual(sectionTypes.map((type) => type.title))
  })

  it('opens each singleton as its one document, whose id is its type, showing its preview', () => {
    const singletons = desk().filter((item) => singletonTypeNames.has(item.id))
    expect(singletons).toHaveLength(singletonTypeNames.size)
    for (const item of singletons) {
      expect(item).toMatchObject({ _id: item.id, schemaType: { name: item.id } })
    }
  })

  it('lists statistics and testimonials in the order the page shows them', () => {
    for (const item of desk().filter((entry) => entry.id === 'statistic' || entry.id === 'testimonial')) {
      expect(item.child?.options?.defaultOrdering).toEqual([{ field: 'order', direction: 'asc' }])
    }
  })
})
