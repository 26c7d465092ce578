import { describe, expect, it } from 'vitest'
import { HOME_PAGE_ID } from '../../../schemas/page-paths.ts'
import { matchRoute, pathOf, routeLocale, signupPages } from './routes.ts'

describe('matchRoute', () => {
  it('serves the Portuguese landing page at the root', () => {
    expect(matchRoute('/')).toEqual({ page: 'landing', locale: 'pt', id: HOME_PAGE_ID })
  })

  it('serves the English landing page at /en, with or without a trailing slash', () => {
    expect(matchRoute('/en')).toEqual({ page: 'landing', locale: 'en', id: HOME_PAGE_ID })
    expect(matchRoute('/en/')).toEqual({ page: 'landing', locale: 'en', id: HOME_PAGE_ID })
  })

  it('has no /pt address: Portuguese lives at the root only', () => {
    expect(matchRoute('/pt')).toEqual({ page: 'notFound' })
  })

  it.each(['/xyz', '/english', '/EN', '/fr', '/pt/privacidade'])('does not find %s', (path) => {
    expect(matchRoute(path)).toEqual({ page: 'notFound' })
  })

  it.each(['/en/pricing', '/en/no/such/page', '/en/confirmar'])('does not find %s, an English address', (path) => {
    expect(matchRoute(path)).toEqual({ page: 'notFound', locale: 'en' })
  })

  it("reads a page in its address's language, else in the reader's choice", () => {
    expect(routeLocale(matchRoute('/en/pricing'), 'pt')).toBe('en')
    expect(routeLocale(matchRoute('/pricing'), 'en')).toBe('en')
    expect(routeLocale(matchRoute('/pricing'), 'pt')).toBe('pt')
    expect(routeLocale(matchRoute('/'), 'en')).toBe('pt')
  })

  it.each([
    ['/confirmar', 'confirm', 'pt'],
    ['/en/confirm', 'confirm', 'en'],
    ['/descadastrar', 'remove', 'pt'],
    ['/en/unsubscribe/', 'remove', 'en'],
    ['/privacidade', 'privacy', 'pt'],
    ['/en/privacy', 'privacy', 'en'],
  ] as const)('serves %s as the %s page in %s', (path, page, locale) => {
    expect(matchRoute(path)).toEqual({ page, locale })
  })

  it.each(['/confirm', '/privacy'])('has each sign-up page only at its own address: not %s', (path) => {
    expect(matchRoute(path)).toEqual({ page: 'notFound' })
  })

  it('gives each sign-up page the address it is served at, per language', () => {
    for (const page of signupPages) {
      for (const locale of ['pt', 'en'] as const) expect(matchRoute(pathOf(page, locale))).toEqual({ page, locale })
    }
  })
})
