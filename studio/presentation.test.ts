import { describe, expect, it } from 'vitest'
import { schemaTypes } from '../schemas/schema-types'
import { EXPERIMENT_TYPE } from '../schemas/experiments'
import { PAGE_TYPE } from '../schemas/page-paths'
import { homeLocations, pageLocations, presentationResolve, sitePresentationTool } from './presentation'

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
    const documentTypes = schemaTypes
      .filter((type) => type.type === 'document' && type.name !== EXPERIMENT_TYPE)
      .map((type) => type.name)
    expect(Object.keys(presentationResolve.locations).sort()).toEqual([...documentTypes].sort())
    for (const [type, resolver] of Object.entries(presentationResolve.locations)) {
      if (type === PAGE_TYPE) continue
      expect('resolve' in resolver && resolver.resolve?.({} as never)).toEqual({ locations: homeLocations })
    }
  })

  it('opens the page at an address: the home page at the roots, any other by its slug in that language', () => {
    expect(presentationResolve.mainDocuments.map((document) => document.route)).toEqual(['/', '/:slug', '/en', '/en/:slug'])
    expect(presentationResolve.mainDocuments.map((document) => 'filter' in document && document.filter)).toEqual([
      '_type == "page" && _id == "homePage"',
      '_type == "page" && slug.pt.current == $slug',
      '_type == "page" && _id == "homePage"',
      '_type == "page" && slug.en.current == $slug',
    ])
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
