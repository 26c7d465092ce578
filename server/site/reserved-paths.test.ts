import { describe, expect, it } from 'vitest'
import { locales } from '../../schemas/locales.ts'
import { isReservedPath, isReservedSlug } from '../../schemas/reserved-paths.ts'
import { slugProblem } from '../../schemas/slug-rules.ts'
import { pathOf, signupPages } from '../../web/src/shared/routes.ts'
import { pagePath } from '../../schemas/page-paths.ts'

/** An address of each family of routes the server answers itself (server/app.ts and the route files it registers). */
const serverAddresses = [
  '/api/preview/enable',
  '/api/launch/report',
  '/launch',
  '/launch/assets/index.js',
  '/rest/v1/waitlist',
  '/functions/v1/send-welcome-email',
  '/images/local/production/x.png',
  '/assets/index-abc.js',
  '/healthz',
  '/metrics',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.ico',
  '/v2025-02-19/data/query/production',
  '/pt',
]

describe('the site’s own addresses', () => {
  it('are never a page’s: every family of the server’s routes, and every page a sign-up opens in each language', () => {
    const linkPages = signupPages.flatMap((page) => locales.map((locale) => pathOf(page, locale)))
    for (const path of [...serverAddresses, ...linkPages]) expect(isReservedPath(path), path).toBe(true)
  })

  it('leave every other address to pages, in either language', () => {
    for (const path of ['/rh', '/en/for-hr-leaders', '/campanhas/primavera', '/en/api', '/apis', '/launchpad']) {
      expect(isReservedPath(path), path).toBe(false)
    }
    expect(isReservedPath('/')).toBe(false)
  })

  it('are refused as slugs, with the address the editor would have taken', () => {
    expect(isReservedSlug('api', 'pt')).toBe(true)
    expect(isReservedSlug('en', 'pt')).toBe(true)
    expect(isReservedSlug('privacy', 'en')).toBe(true)
    expect(isReservedSlug('privacidade', 'pt')).toBe(true)
    expect(slugProblem('launch', 'pt')).toBe(`${pagePath('launch', 'pt')} is the site’s own address: choose another.`)
    expect(slugProblem('for-hr-leaders', 'en')).toBeUndefined()
  })
})
