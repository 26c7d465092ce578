import { describe, expect, it } from 'vitest'
import { MAX_SECTIONS, navSectionIds, sectionIds, sectionKinds } from './page-sections'

describe('the list of section kinds', () => {
  it('names each kind once: one anchor, one block type', () => {
    expect(new Set(sectionIds).size).toBe(sectionKinds.length)
  })

  it('gives the ids in the list’s order', () => {
    expect(sectionIds).toEqual(sectionKinds.map((kind) => kind.id))
  })

  it('links the header to kinds of the list, each once', () => {
    expect(navSectionIds.filter((id) => !sectionIds.includes(id))).toEqual([])
    expect(new Set(navSectionIds).size).toBe(navSectionIds.length)
  })

  it('allows enough sections for a landing page, and a bound', () => {
    expect(MAX_SECTIONS).toBe(30)
  })
})
