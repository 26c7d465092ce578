import { describe, expect, it } from 'vitest'
import { localPublicConfig, type PublicConfig } from '../config/public-config.ts'
import { resolvePageCopy } from '../content/page-copy.ts'
import { emptyContent } from '../../../../test/web/content-fixtures.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { buildHeadTags } from './head-tags.ts'

const local: PublicConfig = { ...localPublicConfig, siteUrl: 'https://pulso.example' }
const hosted: PublicConfig = {
  ...local,
  sanity: { projectId: 'abc123', dataset: 'production', apiVersion: '2025-02-19' },
}

const meta = (tags: ReturnType<typeof buildHeadTags>, name: string) =>
  tags.meta.filter((tag) => tag.name === name).map((tag) => tag.content)

describe('buildHeadTags: the sharing image', () => {
  it('is the seed image cropped to 1200×630 JPEG, at an absolute address on this site, with its alt', async () => {
    const content = await loadSeedContent()
    const tags = buildHeadTags(resolvePageCopy(content, 'en'), local)
    const [image] = meta(tags, 'og:image')
    const url = new URL(image ?? '')
    expect(url.origin + url.pathname).toMatch(/^https:\/\/pulso\.example\/images\/local\/production\/[0-9a-f]{40}-1200x630\.png$/)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ w: '1200', h: '630', fit: 'crop', fm: 'jpg' })
    expect(meta(tags, 'og:image:type')).toEqual(['image/jpeg'])
    expect(meta(tags, 'og:image:width')).toEqual(['1200'])
    expect(meta(tags, 'og:image:height')).toEqual(['630'])
    expect(meta(tags, 'og:image:alt')[0]).toMatch(/^The Pulso logo/)
    expect(meta(tags, 'twitter:card')).toEqual(['summary_large_image'])

    const pt = buildHeadTags(resolvePageCopy(content, 'pt'), local)
    expect(meta(pt, 'og:image:alt')[0]).toMatch(/^Logotipo do Pulso/)
  })

  it("comes from Sanity's CDN when a project is configured", async () => {
    const tags = buildHeadTags(resolvePageCopy(await loadSeedContent(), 'en'), hosted)
    expect(meta(tags, 'og:image')[0]).toMatch(
      /^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\/[0-9a-f]{40}-1200x630\.png\?w=1200&h=630&fm=jpg&fit=crop$/,
    )
  })

  it('is left out, with a small card, when there is none', () => {
    const tags = buildHeadTags(resolvePageCopy(emptyContent(), 'en'), local)
    expect(tags.meta.filter((tag) => tag.name.startsWith('og:image'))).toEqual([])
    expect(meta(tags, 'twitter:card')).toEqual(['summary'])
  })
})
