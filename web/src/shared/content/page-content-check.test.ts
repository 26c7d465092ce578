import { describe, expect, it } from 'vitest'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { sectionOf } from '../../../../test/web/content-fixtures.ts'
import { sectionCopy } from '../../../../test/web/section-copy.ts'
import { fallbacks } from './fallbacks.ts'
import { conformPageContent } from './page-content-check.ts'
import { resolvePageCopy } from './page-copy.ts'

/** The seed's content with issue 38's wrong values: each made / and /en answer 500 before the check. */
async function issueContent() {
  const seed = await loadSeedContent()
  const hero = sectionOf(seed, 'hero') as unknown as Record<string, unknown>
  const statistics = sectionOf(seed, 'results').statistics as unknown as Record<string, unknown>[]
  const features = sectionOf(seed, 'features') as unknown as Record<string, unknown>
  Object.assign(hero, { oldWayPoints: 'a text where a list goes', newWayPoints: [{ pt: null }, 5, 'x'] })
  statistics[0] = { ...statistics[0], value: { pt: [1] } }
  features['items'] = [null, ...(features['items'] as unknown[])]
  const content = seed as unknown as Record<string, Record<string, unknown>>
  content['settings'] = { ...content['settings'], brandName: { pt: 'Pulso' } }
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
    const hero = sectionCopy(content, 'en', 'hero')
    expect(hero.oldWayPoints).toEqual([])
    expect(hero.newWayPoints).toEqual([])
    expect(hero.headline).toBe(sectionCopy(seed, 'en', 'hero').headline)
    expect(resolvePageCopy(content, 'en').brandName).toBe(fallbacks.en.brandName)
    // The statistic without its value is left out; the others stay, in order.
    expect(sectionCopy(content, 'en', 'results').statistics).toEqual(sectionCopy(seed, 'en', 'results').statistics.slice(1))
    expect(sectionCopy(content, 'en', 'features').items).toEqual(sectionCopy(seed, 'en', 'features').items)
  })

  it('fails on an answer that is not the page’s content, so what is on screen stays', () => {
    expect(() => conformPageContent(null)).toThrow(/not the page’s content/)
    expect(() => conformPageContent('<html>')).toThrow(/not the page’s content/)
  })
})
