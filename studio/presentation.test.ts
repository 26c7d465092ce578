import { describe, expect, it } from 'vitest'
import { schemaTypes } from '../schemas/schema-types'
import { EXPERIMENT_TYPE } from '../schemas/experiments'
import { pageLocations, presentationResolve, sitePresentationTool } from './presentation'

describe('Presentation for the landing page', () => {
  it('shows every document on both language versions of the page', () => {
    expect(pageLocations).toEqual([
      { title: 'Landing page (Português)', href: '/' },
      { title: 'Landing page (English)', href: '/en' },
    ])
    // An experiment is not on the page: the preview shows the fields' defaults (docs/decisions/0046-copy-experiments.md).
    const documentTypes = schemaTypes
      .filter((type) => type.type === 'document' && type.name !== EXPERIMENT_TYPE)
      .map((type) => type.name)
    expect(Object.keys(presentationResolve.locations).sort()).toEqual([...documentTypes].sort())
    for (const resolver of Object.values(presentationResolve.locations)) {
      expect('resolve' in resolver && resolver.resolve?.({})).toEqual({ locations: pageLocations })
    }
  })

  it('opens each page with its hero', () => {
    expect(presentationResolve.mainDocuments.map((document) => document.route)).toEqual(['/', '/en'])
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
