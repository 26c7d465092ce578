import { describe, expect, it } from 'vitest'
import { notCountedBecause } from './view-rules.ts'

const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const studio = 'pulso.sanity.studio'
const sent = { status: 200, preview: false }
const request = (headers: Record<string, string> = {}, method = 'GET') => ({
  method,
  headers: { 'user-agent': browser, ...headers },
})

describe('notCountedBecause', () => {
  it('counts a browser’s GET answered 200', () => {
    expect(notCountedBecause(request(), sent, studio)).toBeUndefined()
    expect(notCountedBecause(request({ referer: 'https://www.google.com/' }), sent, studio)).toBeUndefined()
  })

  it.each([
    ['HEAD', request({}, 'HEAD'), sent, 'not a GET'],
    ['a POST', request({}, 'POST'), sent, 'not a GET'],
    ['a 404', request(), { status: 404, preview: false }, 'not a 200'],
    ['a 410 link page', request(), { status: 410, preview: false }, 'not a 200'],
    ['a draft preview', request(), { status: 200, preview: true }, 'draft preview'],
    ['Chrome’s prefetch', request({ 'sec-purpose': 'prefetch' }), sent, 'prefetch'],
    ['Chrome’s prerender', request({ 'sec-purpose': 'prefetch;prerender' }), sent, 'prefetch'],
    ['an older prefetch', request({ purpose: 'prefetch' }), sent, 'prefetch'],
    ['Firefox’s prefetch', request({ 'x-moz': 'prefetch' }), sent, 'prefetch'],
    ['Global Privacy Control', request({ 'sec-gpc': '1' }), sent, 'global privacy control'],
    ['the page framed by the Studio', request({ 'sec-fetch-dest': 'iframe' }), sent, 'studio'],
    ['a link followed from the Studio', request({ referer: `https://${studio}/structure/hero` }), sent, 'studio'],
    [
      'Googlebot',
      request({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      sent,
      'bot',
    ],
    ['curl', request({ 'user-agent': 'curl/8.5.0' }), sent, 'bot'],
    ['a headless browser', request({ 'user-agent': browser.replace('Chrome/', 'HeadlessChrome/') }), sent, 'bot'],
    ['no User-Agent', { method: 'GET', headers: {} }, sent, 'bot'],
  ] as const)('does not count %s', (_name, req, page, reason) => {
    expect(notCountedBecause(req, page, studio)).toBe(reason)
  })

  it('counts a browser that says Sec-GPC: 0', () => {
    expect(notCountedBecause(request({ 'sec-gpc': '0' }), sent, studio)).toBeUndefined()
  })
})
