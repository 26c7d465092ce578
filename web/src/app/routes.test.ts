import { describe, expect, it } from 'vitest'
import { matchRoute } from './routes.ts'

describe('matchRoute', () => {
  it('serves the Portuguese landing page at the root', () => {
    expect(matchRoute('/')).toEqual({ page: 'landing', locale: 'pt' })
  })

  it('serves the English landing page at /en, with or without a trailing slash', () => {
    expect(matchRoute('/en')).toEqual({ page: 'landing', locale: 'en' })
    expect(matchRoute('/en/')).toEqual({ page: 'landing', locale: 'en' })
  })

  it('has no /pt address: Portuguese lives at the root only', () => {
    expect(matchRoute('/pt')).toEqual({ page: 'notFound' })
  })

  it.each(['/xyz', '/en/pricing', '/english', '/EN', '/fr'])('does not find %s', (path) => {
    expect(matchRoute(path)).toEqual({ page: 'notFound' })
  })
})
