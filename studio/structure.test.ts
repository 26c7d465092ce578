import { describe, expect, it } from 'vitest'
import { createSchema } from 'sanity'
import { createStructureBuilder, type StructureBuilderOptions, type StructureResolverContext } from 'sanity/structure'
import { schemaTypes } from '../schemas/schema-types'
import { HOME_PAGE_ID, PAGE_TYPE } from '../schemas/page-paths'
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
  child?: { options?: { defaultOrdering?: unknown; filter?: string; params?: Record<string, unknown> } }
}

function desk(): SerializedItem[] {
  const S = createStructureBuilder({ source, perspectiveStack: [] })
  const root = structure(S, {} as StructureResolverContext) as ReturnType<typeof S.list>
  return root.serialize().items as unknown as SerializedItem[]
}

describe('the desk', () => {
  it('opens with the pages, then what pages share and the experiments, then site-wide texts, then sign-up mail and pages, then the updates', () => {
    expect(desk().map((item) => (item.type === 'divider' ? '—' : item.id))).toEqual([
      HOME_PAGE_ID,
      'pages',
      '—',
      'statistic',
      'testimonial',
      'freeTrial',
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

  it('opens the home page as its one document, and lists every other page under Pages', () => {
    const [home, pages] = desk()
    expect(home).toMatchObject({ _id: HOME_PAGE_ID, title: 'Home page', schemaType: { name: PAGE_TYPE } })
    expect(pages?.title).toBe('Pages')
    expect(pages?.child?.options).toMatchObject({
      filter: '_type == $type && _id != $home',
      params: { type: PAGE_TYPE, home: HOME_PAGE_ID },
    })
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
