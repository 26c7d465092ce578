import { describe, expect, it } from 'vitest'
import { navSectionIds, pageSections, sectionIds } from './page-sections'

describe('the list of page sections', () => {
  it('names each section once: one anchor, one document', () => {
    expect(new Set(sectionIds).size).toBe(pageSections.length)
    expect(new Set(pageSections.map((section) => section.schemaType)).size).toBe(pageSections.length)
  })

  it('gives the ids in page order', () => {
    expect(sectionIds).toEqual(pageSections.map((section) => section.id))
  })

  it('links the header to sections of the page, each once', () => {
    expect(navSectionIds.filter((id) => !sectionIds.includes(id))).toEqual([])
    expect(new Set(navSectionIds).size).toBe(navSectionIds.length)
  })
})
