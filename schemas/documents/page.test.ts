import { describe, expect, it } from 'vitest'
import type { SlugValidationContext } from 'sanity'
import { evaluate, parse } from 'groq-js'
import { sectionBlocks, sectionPicture } from '../blocks/section-blocks'
import { pageSlug, slugIsUnique } from '../objects/page-slug'
import { HOME_PAGE_ID } from '../page-paths'
import { MAX_SECTIONS } from '../page-sections'
import type { Locale } from '../locales'
import { page, sectionsProblem } from './page'

interface FieldLike {
  name: string
  validation?: (rule: unknown) => unknown
  options?: { insertMenu?: { views?: { name: string; previewImageUrl?: (type: string) => string | undefined }[] } }
  of?: { type: string }[]
}

type Check = (value: unknown, context?: unknown) => unknown

/** A field's own check, as the Studio runs it: what its `rule.custom(...)` was given. */
function checkOf(field: FieldLike | undefined): Check {
  return field?.validation?.({ custom: (check: Check) => check }) as Check
}

const pageField = (name: string) => (page.fields as unknown as FieldLike[]).find((field) => field.name === name)
const slugCheck = (locale: Locale) => checkOf((pageSlug.fields as unknown as FieldLike[]).find((field) => field.name === locale))
const sections = (...types: string[]) => types.map((type, index) => ({ _key: String(index), _type: type }))

describe('a page’s sections', () => {
  it('are added from a grid that shows every section type with its picture', () => {
    const field = pageField('sections')
    expect(field?.of?.map(({ type }) => type)).toEqual(sectionBlocks.map(({ name }) => name))
    const grid = field?.options?.insertMenu?.views?.find((view) => view.name === 'grid')
    for (const { name } of sectionBlocks) {
      expect(grid?.previewImageUrl?.(name), name).toMatch(/^data:image\/svg\+xml,/)
      expect(grid?.previewImageUrl?.(name)).toBe(sectionPicture(name))
    }
    expect(new Set(sectionBlocks.map(({ name }) => sectionPicture(name))).size).toBe(sectionBlocks.length)
    expect(grid?.previewImageUrl?.('page')).toBeUndefined()
  })

  it('are at least one and at most 30, a hero and a form once each, other types as often as needed', () => {
    const check = checkOf(pageField('sections'))
    expect(check(undefined)).toBe('A page needs at least one section.')
    expect(check(sections(...Array<string>(MAX_SECTIONS).fill('ctaSection')))).toBe(true)
    expect(check(sections(...Array<string>(MAX_SECTIONS + 1).fill('ctaSection')))).toBe('At most 30 sections a page.')
    expect(check(sections('heroSection', 'faqSection', 'heroSection'))).toBe('A page has at most one Hero section.')
    expect(check(sections('freeTrialSection', 'freeTrialSection'))).toBe('A page has at most one Free trial section.')
    expect(
      check(sections('heroSection', 'faqSection', 'faqSection', 'richTextSection', 'richTextSection', 'freeTrialSection')),
    ).toBe(true)
    expect(sectionsProblem(sections('logoRowSection', 'logoRowSection'))).toBeUndefined()
  })

  it('can each be hidden, kept in place but off the page, and the list says so', () => {
    for (const block of sectionBlocks) {
      const hidden = (block.fields as unknown as { name: string; type: string; initialValue?: unknown }[]).find(
        (field) => field.name === 'hidden',
      )
      expect(hidden, block.name).toMatchObject({ type: 'boolean', initialValue: false })
      const prepare = block.preview?.prepare as (selection: Record<string, unknown>) => { subtitle?: string }
      expect(prepare({ hidden: true }).subtitle, block.name).toMatch(/· hidden$/)
      expect(prepare({ hidden: false }).subtitle, block.name).not.toMatch(/hidden/)
    }
  })
})

describe('a page’s fields per language', () => {
  it('require the Portuguese title and description; a missing English one only warns (the page falls back)', () => {
    for (const name of ['title', 'description']) {
      const check = checkOf(pageField(name))
      expect(check({ en: 'HR' })).toBe('Português text is required.')
      expect(check({ pt: 'RH' })).toBe(true)
      expect(check({ pt: 'RH', en: 'HR' })).toBe(true)
    }
    expect(checkOf(pageField('title'))({ pt: 'x'.repeat(71) })).toMatch(/under 70 characters/)
  })
})

describe('a page’s address in each language', () => {
  const campaign = { _id: 'drafts.campaign', _type: 'page' }

  it('is required on every page but the home page, which has its languages’ roots', () => {
    for (const locale of ['pt', 'en'] as const) {
      expect(slugCheck(locale)(undefined, { document: campaign })).toMatch(/address is required/)
      expect(slugCheck(locale)(undefined, { document: { _id: HOME_PAGE_ID } })).toBe(true)
      expect(slugCheck(locale)({ current: 'for-hr-leaders' }, { document: campaign })).toBe(true)
      expect(slugCheck(locale)({ current: 'campaigns/spring' }, { document: campaign })).toBe(true)
      expect(slugCheck(locale)({ current: 'For HR' }, { document: campaign })).toMatch(/lower-case/)
    }
  })

  it('refuses the site’s own addresses, from the one list the server routes by', () => {
    const owned = ['api', 'launch', 'en', 'rest', 'functions', 'images', 'assets', 'healthz', 'metrics', 'v2025-02-19']
    for (const slug of [...owned, 'api/launch', 'confirmar', 'descadastrar', 'privacidade', 'indicacoes']) {
      expect(slugCheck('pt')({ current: slug }, { document: campaign }), slug).toMatch(/site’s own address/)
    }
    for (const slug of ['robots.txt', 'sitemap.xml']) {
      expect(slugCheck('pt')({ current: slug }, { document: campaign }), slug).not.toBe(true)
    }
    for (const slug of ['confirm', 'unsubscribe', 'privacy', 'referrals']) {
      expect(slugCheck('en')({ current: slug }, { document: campaign }), slug).toBe(
        '/en/' + slug + ' is the site’s own address: choose another.',
      )
    }
    // Under /en only the link pages are the site's: /en/api is an address a page may have.
    expect(slugCheck('en')({ current: 'api' }, { document: campaign })).toBe(true)
  })

  describe('is unique per language, across pages and their drafts', () => {
    const dataset = [
      { _id: 'campaign', _type: 'page', slug: { pt: { current: 'rh' }, en: { current: 'for-hr-leaders' } } },
      { _id: 'drafts.campaign', _type: 'page', slug: { pt: { current: 'rh' }, en: { current: 'for-hr-leaders' } } },
      { _id: 'drafts.spring', _type: 'page', slug: { pt: { current: 'primavera' } } },
    ]
    const unique = (slug: string, locale: Locale, id: string) =>
      slugIsUnique(slug, locale, {
        document: { _id: id, _type: 'page' },
        // The Studio's client reads the raw perspective: drafts and published documents alike.
        getClient: () => ({
          fetch: async (query: string, params: Record<string, unknown>) =>
            (await evaluate(parse(query, { params }), { dataset, params })).get(),
        }),
      } as unknown as SlugValidationContext)

    it('the page’s own slugs, draft or published, are its own', async () => {
      expect(await unique('rh', 'pt', 'drafts.campaign')).toBe(true)
      expect(await unique('for-hr-leaders', 'en', 'campaign')).toBe(true)
    })

    it('another page’s slug in that language is refused, published or only a draft', async () => {
      expect(await unique('rh', 'pt', 'drafts.other')).toBe(false)
      expect(await unique('primavera', 'pt', 'drafts.other')).toBe(false)
      // A copy made elsewhere than the Studio's Duplicate (which drops the addresses) keeps them: refused.
      expect(await unique('for-hr-leaders', 'en', 'drafts.copy-of-campaign')).toBe(false)
    })

    it('the same words in the other language are another address', async () => {
      expect(await unique('rh', 'en', 'drafts.other')).toBe(true)
      expect(await unique('for-hr-leaders', 'pt', 'drafts.other')).toBe(true)
    })
  })
})
