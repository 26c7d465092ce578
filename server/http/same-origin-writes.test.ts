import { describe, expect, it } from 'vitest'
import { sameSite, writeRefusal } from './same-origin-writes.ts'

const SITE = 'https://pulso.example'
const STUDIO = 'https://pulso.sanity.studio'
const rule = { origins: [STUDIO, SITE], sameSiteAllowed: false }
const json = { 'content-type': 'application/json', 'content-length': '2' }

describe('which writes come from the tool’s own pages', () => {
  it.each([
    ['the Studio, a JSON body', { origin: STUDIO, ...json }],
    [
      'the site’s own page, a JSON body with a charset',
      { origin: SITE, 'content-type': 'application/json; charset=utf-8', 'content-length': '2' },
    ],
    ['the site’s own page, no body', { origin: SITE }],
    ['a browser that names no origin but says the page is the site’s own', { 'sec-fetch-site': 'same-origin', ...json }],
  ])('lets %s through', (_case, headers) => {
    expect(writeRefusal(headers, rule)).toBeUndefined()
  })

  it.each([
    ['another origin', { origin: 'https://evil.example', ...json }, 'the request came from another origin'],
    ['an origin that only starts like ours', { origin: `${SITE}.evil.example`, ...json }, 'the request came from another origin'],
    ['the opaque origin', { origin: 'null' }, 'the request came from another origin'],
    ['no origin and a cross-site page', { 'sec-fetch-site': 'cross-site' }, 'the request came from a cross-site page'],
    ['no origin and a page of the same site', { 'sec-fetch-site': 'same-site' }, 'the request came from a same-site page'],
    ['no origin at all', {}, 'the request names no origin'],
    [
      'a form’s body from our own page',
      { origin: SITE, 'content-type': 'text/plain', 'content-length': '3' },
      'the body is not JSON',
    ],
    ['a streamed body without a type', { origin: STUDIO, 'transfer-encoding': 'chunked' }, 'the body is not JSON'],
    [
      'a type that only starts like JSON',
      { origin: STUDIO, 'content-type': 'application/jsonp', 'content-length': '3' },
      'the body is not JSON',
    ],
  ])('refuses %s', (_case, headers, reason) => {
    expect(writeRefusal(headers, rule)).toBe(reason)
  })

  it('lets a page of the same site write without an origin only when the Studio is on the site’s own site', () => {
    expect(writeRefusal({ 'sec-fetch-site': 'same-site' }, { ...rule, sameSiteAllowed: true })).toBeUndefined()
    expect(sameSite('https://studio.pulso.example', SITE)).toBe(true)
    expect(sameSite(STUDIO, SITE)).toBe(false)
    expect(sameSite('http://pulso.example', SITE)).toBe(false)
    expect(sameSite('http://localhost:3333', 'http://localhost:3000')).toBe(true)
    expect(sameSite('http://127.0.0.1:3333', 'http://127.0.0.2:3000')).toBe(false)
  })
})
