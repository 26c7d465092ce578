import { describe, expect, it } from 'vitest'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { fallbacks } from './fallbacks.ts'
import { conformPageContent } from './page-content-check.ts'
import { resolvePageCopy } from './page-copy.ts'

/** The seed's content with issue 38's wrong values: each made / and /en answer 500 before the check. */
async function issueContent() {
  const content = (await loadSeedContent()) as unknown as Record<string, Record<string, unknown>>
  const statistics = content['statistics'] as unknown as Record<string, unknown>[]
  content['hero'] = { ...content['hero'], oldWayPoints: 'a text where a list goes', newWayPoints: [{ pt: null }, 5, 'x'] }
  statistics[0] = { ...statistics[0], value: { pt: [1] } }
  content['settings'] = { ...content['settings'], brandName: { pt: 'Pulso' } }
  content['features'] = { ...content['features'], items: [null, ...(content['features']?.['items'] as unknown[])] }
  return content
}

describe('the page’s content as the browser checks it', () => {
  it('leaves the seed as it is', async () => {
    const seed = await loadSeedContent()
    expect(conformPageContent(seed)).toEqual(seed)
  })

  it('drops each wrong value for its fallback, and keeps every other', async () => {
    const seed = await loadSeedContent()
    const content = conformPageContent(await issueContent())
    const copy = resolvePageCopy(content, 'en')
    const seedCopy = resolvePageCopy(seed, 'en')
    expect(copy.hero.oldWayPoints).toEqual([])
    expect(copy.hero.newWayPoints).toEqual([])
    expect(copy.hero.headline).toBe(seedCopy.hero.headline)
    expect(copy.brandName).toBe(fallbacks.en.brandName)
    // The statistic without its value is left out; the others stay, in order.
    expect(copy.results.statistics).toEqual(seedCopy.results.statistics.slice(1))
    expect(copy.features.items).toEqual(seedCopy.features.items)
  })

  it('fails on an answer that is not the page’s content, so what is on screen stays', () => {
    expect(() => conformPageContent(null)).toThrow(/not the page’s content/)
    expect(() => conformPageContent('<html>')).toThrow(/not the page’s content/)
  })
})
