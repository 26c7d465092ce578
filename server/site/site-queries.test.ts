import { describe, expect, it } from 'vitest'
import { parsePerspective, PUBLISHED } from '../sanity/query/groq-query.ts'
import type { LocalDataset } from '../sanity/local-dataset.ts'
import { createSiteAnswers, isSiteQuery } from './site-queries.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { signupPagesQuery } from '../../web/src/shared/content/signup-pages-query.ts'
import { mailCopyQuery } from '../../supabase/functions/_shared/delivery/mail-copy-query.ts'

describe('isSiteQuery', () => {
  it('takes the page’s and the mail’s queries over published documents, with no parameters', () => {
    for (const query of [pageQuery, mailCopyQuery]) {
      expect(isSiteQuery(query, {}, PUBLISHED)).toBe(true)
      expect(isSiteQuery(query, {}, parsePerspective('published'))).toBe(true)
    }
  })

  it('refuses anything else: other text, parameters, drafts or raw', () => {
    expect(isSiteQuery(`${pageQuery} `, {}, PUBLISHED)).toBe(false)
    expect(isSiteQuery('count(*)', {}, PUBLISHED)).toBe(false)
    // The server reads this one itself; no client sends it.
    expect(isSiteQuery(signupPagesQuery, {}, PUBLISHED)).toBe(false)
    expect(isSiteQuery(pageQuery, { lang: 'en' }, PUBLISHED)).toBe(false)
    expect(isSiteQuery(pageQuery, {}, parsePerspective('drafts'))).toBe(false)
    expect(isSiteQuery(pageQuery, {}, parsePerspective('raw'))).toBe(false)
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
})
