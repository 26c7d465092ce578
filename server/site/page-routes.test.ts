import { describe, expect, it } from 'vitest'
import type { PageRoutesQueryResult } from '../../schemas/sanity.types.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { pageRoutesOf } from './page-routes.ts'

type Answer = PageRoutesQueryResult[number]
const page = (id: string, pt: string | null, en: string | null, extra: Partial<Answer> = {}): Answer => ({
  _id: id,
  title: { _type: 'localeString', pt: `Título ${id}`, en: `Title ${id}` },
  noindex: null,
  slug: { pt, en },
  experiments: null,
  ...extra,
})

describe('pageRoutesOf', () => {
  it('routes the home page at each root, even without its document, and a page at its slug in each language', () => {
    const warnings: string[] = []
    const routes = pageRoutesOf([page('campaign', 'rh', 'for-hr-leaders')], (message) => warnings.push(message))
    expect(routes.find('/')).toEqual({ id: HOME_PAGE_ID, locale: 'pt' })
    expect(routes.find('/en')).toEqual({ id: HOME_PAGE_ID, locale: 'en' })
    expect(routes.find('/rh')).toEqual({ id: 'campaign', locale: 'pt' })
    expect(routes.find('/rh/')).toEqual({ id: 'campaign', locale: 'pt' })
    expect(routes.find('/en/for-hr-leaders')).toEqual({ id: 'campaign', locale: 'en' })
    // A slug lives in its own language only.
    expect(routes.find('/for-hr-leaders')).toBeUndefined()
    expect(routes.find('/en/rh')).toBeUndefined()
    expect(routes.pages.map((each) => each.id)).toEqual([HOME_PAGE_ID, 'campaign'])
    expect(routes.page('campaign')).toMatchObject({ paths: { pt: '/rh', en: '/en/for-hr-leaders' }, noindex: false })
    expect(warnings).toEqual([])
  })

  it('leaves out, and says, a reserved or malformed slug and the second claim to an address', () => {
    const warnings: string[] = []
    const routes = pageRoutesOf(
      [
        page('older', 'rh', null),
        page('newer', 'rh', 'hr'),
        page('reserved', 'api', 'privacy'),
        page('shouting', 'RH', null),
        page('home-like', null, null),
      ],
      (message) => warnings.push(message),
    )
    expect(routes.find('/rh')?.id).toBe('older')
    expect(routes.find('/en/hr')?.id).toBe('newer')
    expect(routes.find('/api')).toBeUndefined()
    expect(routes.find('/en/privacy')).toBeUndefined()
    expect(routes.pages.map((each) => each.id)).toEqual([HOME_PAGE_ID, 'older', 'newer'])
    expect(warnings).toEqual([
      'page newer is not served at /rh: page older has that address',
      'page reserved is not served at /api: /api is the site’s own address: choose another.',
      'page reserved is not served at /en/privacy: /en/privacy is the site’s own address: choose another.',
      'page shouting is not served at /RH: Use lower-case letters, digits and hyphens (“for-hr-leaders”), segments apart with “/”.',
    ])
  })

  it('keeps each page’s noindex, title and experiments, without repeats', () => {
    const routes = pageRoutesOf(
      [page(HOME_PAGE_ID, null, null, { experiments: ['e1', null, 'e1'] }), page('ad', 'oferta', null, { noindex: true })],
      () => undefined,
    )
    expect(routes.page(HOME_PAGE_ID)).toMatchObject({ experiments: ['e1'], title: { pt: `Título ${HOME_PAGE_ID}` } })
    expect(routes.page('ad')).toMatchObject({ noindex: true, paths: { pt: '/oferta' } })
  })
})
