import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { siteRedirect } from './site-redirect.ts'

const SITE = 'https://pulso.example'

describe('siteRedirect', () => {
  it.each([
    ['/', '/'],
    ['/en', '/en'],
    ['/en?tab=1#form', '/en?tab=1#form'],
    ['/privacidade', '/privacidade'],
    ['https://pulso.example/en/privacy', '/en/privacy'],
    ['en', '/en'],
  ])('keeps the site’s own page %s', (target, expected) => {
    expect(siteRedirect(target, SITE)).toBe(expected)
  })

  it.each([
    ['another site, scheme-relative', '//evil.example'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['CR/LF, a header injection', '/en\r\nset-cookie: a=b'],
    ['another scheme', 'javascript:alert(1)'],
    ['an absolute address elsewhere', 'https://evil.example/en'],
    ['the same host on another port', 'https://pulso.example:8443/en'],
    ['a path that is not a page', '/api/preview/content'],
    ['a very long path', `/${'a'.repeat(100_000)}`],
    ['unicode', '/☃'],
    ['an unreadable address', 'http://[::1'],
    ['no target at all', undefined],
    ['a repeated parameter', ['/en', '/']],
  ])('sends %s home', (_, target) => {
    expect(siteRedirect(target, SITE)).toBe('/')
  })

  it('always answers a path of the site that fits in a header, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.webUrl(),
          fc.string({ unit: 'binary' }).map((rest) => `/en${rest}`),
          fc.string({ unit: 'binary' }).map((rest) => `/${rest}`),
        ),
        (target) => {
          const location = siteRedirect(target, SITE)
          expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/)
          expect(new URL(location, SITE).origin).toBe(SITE)
        },
      ),
    )
  })
})
