import { describe, expect, it } from 'vitest'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { parsePerspective, PUBLISHED } from '../sanity/query/groq-query.ts'
import type { LocalDataset } from '../sanity/local-dataset.ts'
import { createSiteAnswers, isSiteQuery } from './site-queries.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { signupPagesQuery } from '../../web/src/shared/content/signup-pages-query.ts'
import { mailCopyQuery } from '../../supabase/functions/_shared/delivery/mail-copy-query.ts'
import { compactGroq } from '../../web/src/shared/content/compact-groq.ts'

describe('isSiteQuery', () => {
  it('takes the page’s query with its page and the visitor’s arms, and the mail’s with no parameters, over published documents', () => {
    for (const [query, params] of [
      [pageQuery, { page: HOME_PAGE_ID, arms: [] }],
      [pageQuery, { page: 'campaign-rh', arms: ['experiment-1a2b:b', 'experiment-3c4d:default'] }],
      // The not-found page: the site's texts only.
      [pageQuery, { page: '', arms: [] }],
      [mailCopyQuery, {}],
      // As the browser's build sends it.
      [compactGroq(pageQuery), { page: HOME_PAGE_ID, arms: [] }],
    ] as const) {
      expect(isSiteQuery(query, params, PUBLISHED)).toBe(true)
      expect(isSiteQuery(query, params, parsePerspective('published'))).toBe(true)
    }
    // The edge functions send theirs as written: nothing compacts them.
    expect(isSiteQuery(compactGroq(mailCopyQuery), {}, PUBLISHED)).toBe(false)
  })

  it('refuses the page’s query with arms that are not arms, or more of them than experiments may run', () => {
    for (const arms of [undefined, 'experiment-1a2b:b', [1], ['no colon'], ['a:b"c'], ['a:b', 'c:d', 'e:f', 'g:h', 'i:j']]) {
      expect(isSiteQuery(pageQuery, { page: HOME_PAGE_ID, arms }, PUBLISHED)).toBe(false)
    }
    // A page that is not a published page's id: a draft's, a path, anything but text.
    for (const page of [undefined, 'drafts.campaign', '/rh', 7, 'x'.repeat(129)]) {
      expect(isSiteQuery(pageQuery, { page, arms: [] }, PUBLISHED)).toBe(false)
    }
    expect(isSiteQuery(pageQuery, {}, PUBLISHED)).toBe(false)
    expect(isSiteQuery(pageQuery, { arms: [] }, PUBLISHED)).toBe(false)
    expect(isSiteQuery(mailCopyQuery, { arms: [] }, PUBLISHED)).toBe(false)
  })

  it('refuses anything else: other text, parameters, drafts or raw', () => {
    expect(isSiteQuery(`${pageQuery} `, {}, PUBLISHED)).toBe(false)
    expect(isSiteQuery('count(*)', {}, PUBLISHED)).toBe(false)
    // The server reads this one itself; no client sends it.
    expect(isSiteQuery(signupPagesQuery, {}, PUBLISHED)).toBe(false)
    expect(isSiteQuery(pageQuery, { lang: 'en' }, PUBLISHED)).toBe(false)
    expect(isSiteQuery(pageQuery, { page: HOME_PAGE_ID, arms: [], lang: 'en' }, PUBLISHED)).toBe(false)
    expect(isSiteQuery(pageQuery, { page: HOME_PAGE_ID, arms: [] }, parsePerspective('drafts'))).toBe(false)
    expect(isSiteQuery(pageQuery, { page: HOME_PAGE_ID, arms: [] }, parsePerspective('raw'))).toBe(false)
  })
})

describe('createSiteAnswers', () => {
  const dataset = (subject: string): LocalDataset => {
    const documents = [
      { _id: 'welcomeEmail', _type: 'welcomeEmail', subject: { en: subject } },
      { _id: 'drafts.welcomeEmail', _type: 'welcomeEmail', subject: { en: 'Draft' } },
      { _id: 'invitationEmail', _type: 'invitationEmail', subject: { en: 'Your turn' } },
    ]
    return {
      projectId: 'local',
      dataset: 'production',
      documents,
      publicDocuments: documents.filter((doc) => !doc._id.includes('.')),
      images: new Map(),
      sources: [],
    }
  }

  it('answers from published documents, and anew once the dataset is reloaded', async () => {
    let current = dataset('Welcome')
    const answer = createSiteAnswers(() => current)
    expect(JSON.parse(await answer(mailCopyQuery))).toMatchObject({
      email: { subject: { en: 'Welcome' } },
      invitation: { subject: { en: 'Your turn' } },
    })
    current = dataset('Hello again')
    expect(JSON.parse(await answer(mailCopyQuery))).toMatchObject({ email: { subject: { en: 'Hello again' } } })
  })

  it('answers the page with the arms it is asked for, each set apart', async () => {
    const hero = {
      _key: 'hero',
      _type: 'heroSection',
      headline: {
        _type: 'experimentLocaleString',
        default: { _type: 'localeString', pt: 'Padrão', en: 'Default' },
        experimentId: 'experiment-1',
        variants: [{ _key: 'b', experimentId: 'experiment-1', variantId: 'b', value: { pt: 'Variante', en: 'Variant' } }],
      },
    }
    const home = { _id: HOME_PAGE_ID, _type: 'page', sections: [hero] }
    const answer = createSiteAnswers(() => ({ ...dataset('Welcome'), documents: [home], publicDocuments: [home] }))
    type Answer = { page: { sections: { headline: { en: string } }[] } }
    const headline = async (arms: string[]) =>
      (JSON.parse(await answer(pageQuery, { page: HOME_PAGE_ID, arms })) as Answer).page.sections[0]?.headline.en
    expect(await headline(['experiment-1:b'])).toBe('Variant')
    // As the routes parse them: an object without a prototype.
    const parsed = Object.assign(Object.create(null) as Record<string, unknown>, { page: HOME_PAGE_ID, arms: ['experiment-1:b'] })
    expect(JSON.parse(await answer(compactGroq(pageQuery), parsed))).toMatchObject({
      page: { sections: [{ headline: { en: 'Variant' } }] },
    })
    expect(await headline([])).toBe('Default')
    expect(await headline(['experiment-1:default'])).toBe('Default')
    expect(await headline(['experiment-2:b'])).toBe('Default')
  })
})
