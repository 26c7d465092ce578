import { describe, expect, it } from 'vitest'
import { contentChecker } from '../../supabase/functions/_shared/content/content-check.ts'
import { sectionIds, sectionType } from '../../schemas/page-sections.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { pageQueryParser } from '../../web/src/shared/content/page-query.parser.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import { fallbacks } from '../../web/src/shared/content/fallbacks.ts'
import { localPublicConfig } from '../../web/src/shared/config/public-config.ts'
import { prepare, render } from '../../web/src/entry-server.tsx'
import { CAMPAIGN_PAGE_ID, campaignPage, campaignPaths } from '../../test/fixtures/campaign-page.ts'
import { answerWith } from '../../test/web/seed-content.ts'
import { seedHomePage } from '../../test/web/campaign-content.ts'
import { hostileDocuments, hostilePage, hostileValues, readSchema, type PageDocument } from './hostile-content.ts'

const checkPage = contentChecker(pageQueryParser)

/**
 * The new section types' fields the Launch tool lists when they are wrong, with the page's title. A logo
 * row's `logos` that is not a list is not among them: the query's projection (`logos[]{…}`) reads it as
 * no list at all, so the row is left out, and nothing reaches the page to check.
 */
const listed = [
  'title',
  'sections[_key=="faq"].title',
  'sections[_key=="faq"].questions',
  'sections[_key=="logos"].title',
  'sections[_key=="story"].title',
  'sections[_key=="story"].body',
]

/** The campaign page made hostile by `make`, as the server reads it: the page query's answer, checked. */
async function served(make: (page: PageDocument) => PageDocument) {
  const page = make(campaignPage(await seedHomePage()) as PageDocument)
  return checkPage(await answerWith([page], pageQuery, { page: CAMPAIGN_PAGE_ID, arms: [] }))
}

/** The page's prerender in Portuguese for this content. */
async function prerender(content: PageContent | undefined) {
  await prepare()
  return render({ path: campaignPaths.pt, pageId: CAMPAIGN_PAGE_ID, preferredLocale: 'pt', content, config: localPublicConfig })
}

describe('hostile content', () => {
  it('puts a section of every kind, each wrong inside, in a page’s sections', async () => {
    const seed = [(await seedHomePage()) as PageDocument]
    const [home] = hostileDocuments(seed, await readSchema(), 'number', true).filter(({ _type }) => _type === 'page')
    const kinds = (home?.['sections'] as { _type?: unknown }[]).map(({ _type }) => _type)
    expect(kinds).toEqual([...sectionIds.map(sectionType), undefined])
  })

  it.each(Object.keys(hostileValues) as (keyof typeof hostileValues)[])(
    'in every field of a campaign page’s sections (%s): the page still stands, and each wrong field is listed',
    async (kind) => {
      const { content, problems } = await served((page) => hostilePage(page, hostileValues[kind]))
      const fields = problems.filter(({ document }) => document?.id === CAMPAIGN_PAGE_ID).map(({ field }) => field)
      // A null title is one left out (the query's own field); a section's null fields are kept as stored, and wrong.
      for (const field of kind === 'null' ? listed.slice(1) : listed) {
        expect(
          fields.some((each) => each === field || each.startsWith(`${field}.`) || each.startsWith(`${field}[`)),
          field,
        ).toBe(true)
      }
      const page = await prerender(content)
      expect(page.status).toBe(200)
      expect(page.body).toContain(fallbacks.pt.heroHeadline)
    },
  )

  it('in one field of each new section: that field falls back, the rest of the section shows', async () => {
    const { content, problems } = await served((page) => ({ ...hostilePage(page, 42, ['title']), title: page['title'] }))
    expect(problems.map(({ field }) => field).sort()).toEqual(
      ['faq', 'logos', 'story', 'hero', 'results', 'freeTrial']
        .filter((key) => key !== 'hero' && key !== 'freeTrial')
        .map((key) => `sections[_key=="${key}"].title`)
        .sort(),
    )
    const { body } = await prerender(content)
    // The FAQ's and the logo row's headings fall back; their questions and names stay.
    expect(body).toContain('Perguntas frequentes')
    expect(body).toContain('Quanto custa o teste?')
    expect(body).toContain('Quem confia')
    expect(body).toContain('Globex')
    // Rich text's heading is optional: without it, the text alone.
    expect(body).toContain('Avaliações justas')
  })
})
