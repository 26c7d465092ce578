import { describe, expect, it } from 'vitest'
import { MAX_SECTIONS, navSectionIds, sectionIds } from './page-sections'
import { sectionKinds } from './blocks/section-kinds'

describe('the list of section kinds', () => {
  it('names each kind once: one anchor, one block type, one Studio title', () => {
    expect(new Set(sectionIds).size).toBe(sectionIds.length)
    expect(Object.keys(sectionKinds)).toEqual([...sectionIds])
    expect(new Set(Object.values(sectionKinds).map((kind) => kind.title)).size).toBe(sectionIds.length)
  })

  it('links the header to kinds of the list, each once', () => {
    expect(navSectionIds.filter((id) => !sectionIds.includes(id))).toEqual([])
    expect(new Set(navSectionIds).size).toBe(navSectionIds.length)
  })

  it('allows enough sections for a landing page, and a bound', () => {
    expect(MAX_SECTIONS).toBe(30)
  })
})
