import { describe, expect, it } from 'vitest'
import { schemaTypes, updateTypes } from '../schemas/schema-types'
import { EXPERIMENT_TYPE } from '../schemas/experiments'
import { HOME_PAGE_ID, PAGE_TYPE } from '../schemas/page-paths'
import { queryDataset } from '../server/sanity/query/groq-query'
import { homeLocations, pageLocations, presentationResolve, sitePresentationTool } from './presentation'

/** Pages as the dataset holds them: the home page, a campaign at two addresses, one whose slugs have two segments. */
const pages = [
  { _id: HOME_PAGE_ID, _type: PAGE_TYPE },
  { _id: 'campaign', _type: PAGE_TYPE, slug: { pt: { current: 'rh' }, en: { current: 'for-hr-leaders' } } },
  { _id: 'spring', _type: PAGE_TYPE, slug: { pt: { current: 'campanhas/primavera' }, en: { current: 'campaigns/spring' } } },
]

/**
 * The document Presentation opens for an address, found as sanity/presentation finds it (its
 * useMainDocument): the first route whose URLPattern matches (a trailing slash allowed, any case), a
 * repeated parameter split into its segments, then `*[filter][0]` with the route's params over the pages.
 */
async function mainDocumentAt(path: string): Promise<string | null> {
  for (const resolver of presentationResolve.mainDocuments) {
    const route = String(resolver.route)
    const match = new URLPattern({ pathname: `${route}{/}?` }, { ignoreCase: true }).exec({ pathname: path })
    if (!match) continue
    const params = Object.fromEntries(
      Object.entries(match.pathname.groups).map(([name, value]) => [
        name,
        route.includes(`:${name}+`) ? value?.split('/') : value,
      ]),
    ) as Record<string, string>
    const context = { origin: 'https://pulso.example', path, params }
    const filter = typeof resolver.filter === 'function' ? resolver.filter(context) : resolver.filter
    const queryParams = typeof resolver.params === 'function' ? resolver.params(context) : (resolver.params ?? params)
    const found = (await queryDataset(pages, `*[${filter}][0]{_id}`, queryParams)) as { _id: string } | null
    return found?._id ?? null
  }
  return null
}

describe('Presentation for the pages', () => {
  it('shows a page at its addresses, the home page at each language’s root, and what pages share on the home page', () => {
    expect(homeLocations).toEqual([
      { title: 'Home page (Português)', href: '/' },
      { title: 'Home page (English)', href: '/en' },
    ])
    expect(pageLocations({ id: 'drafts.homePage', title: 'Início' })).toEqual([
      { title: 'Início (Português)', href: '/' },
      { title: 'Início (English)', href: '/en' },
    ])
    expect(pageLocations({ id: 'campaign', title: 'RH', pt: 'rh', en: 'for-hr-leaders' })).toEqual([
      { title: 'RH (Português)', href: '/rh' },
      { title: 'RH (English)', href: '/en/for-hr-leaders' },
    ])
    // A page without an English slug has no English address.
    expect(pageLocations({ id: 'campaign', title: 'RH', pt: 'rh' })).toEqual([{ title: 'RH (Português)', href: '/rh' }])
    // An experiment is not on a page: the preview shows the fields' defaults (docs/decisions/0046-copy-experiments.md).
    // Nor is an update: it is previewed in the Launch tool's Updates tab, in both languages.
    const notOnPages = new Set([EXPERIMENT_TYPE, ...updateTypes.map((type) => type.name)])
    const documentTypes = schemaTypes
      .filter((type) => type.type === 'document' && !notOnPages.has(type.name))
      .map((type) => type.name)
    expect(Object.keys(presentationResolve.locations).sort()).toEqual([...documentTypes].sort())
    for (const [type, resolver] of Object.entries(presentationResolve.locations)) {
      if (type === PAGE_TYPE) continue
      expect('resolve' in resolver && resolver.resolve?.({} as never)).toEqual({ locations: homeLocations })
    }
  })

  it('opens the page at an address: the home page at each root, any other by its slug in that language', async () => {
    expect(await mainDocumentAt('/')).toBe(HOME_PAGE_ID)
    expect(await mainDocumentAt('/en')).toBe(HOME_PAGE_ID)
    expect(await mainDocumentAt('/en/')).toBe(HOME_PAGE_ID)
    expect(await mainDocumentAt('/rh')).toBe('campaign')
    expect(await mainDocumentAt('/en/for-hr-leaders')).toBe('campaign')
    expect(await mainDocumentAt('/campanhas/primavera')).toBe('spring')
    expect(await mainDocumentAt('/en/campaigns/spring')).toBe('spring')
    // A slug is its language's only: the English one under the Portuguese root is no page.
    expect(await mainDocumentAt('/for-hr-leaders')).toBeNull()
    expect(await mainDocumentAt('/en/rh')).toBeNull()
  })

  it('turns drafts on through the site’s preview routes', () => {
    const plugin = sitePresentationTool('https://pulso.example') as { tools?: { name: string; options?: unknown }[] }
    const tool = plugin.tools?.find(({ name }) => name === 'presentation')
    expect(tool?.options).toMatchObject({
      previewUrl: {
        initial: 'https://pulso.example',
        previewMode: { enable: '/api/preview/enable', disable: '/api/preview/disable' },
      },
    })
  })
})
