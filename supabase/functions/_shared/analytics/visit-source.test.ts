import { describe, expect, it } from 'vitest'
import { MAX_PARAMETER_CHARS, visitSource } from './visit-source.ts'

const site = ['pulso.app']

describe('visitSource', () => {
  it('takes the campaign parameters and the ref, with or without the question mark', () => {
    const expected = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch day', ref: 'partner' }
    expect(visitSource('?utm_source=newsletter&utm_medium=email&utm_campaign=launch+day&ref=partner', undefined, site)).toEqual(
      expected,
    )
    expect(visitSource('utm_source=newsletter&utm_medium=email&utm_campaign=launch%20day&ref=partner', '', site)).toEqual(
      expected,
    )
  })

  it('keeps the first value, drops empty ones and other parameters', () => {
    expect(visitSource('?utm_source=a&utm_source=b&utm_medium=&fbclid=123&utm_term=x', undefined, site)).toEqual({
      utm_source: 'a',
    })
  })

  it('takes out controls and invisible separators and cuts long values by characters, without splitting a pair', () => {
    expect(visitSource('?utm_source=%00news%0Aletter%E2%80%A8&ref=%20%09', undefined, site)).toEqual({ utm_source: 'newsletter' })
    const long = visitSource(`?utm_campaign=${'😀'.repeat(150)}`, undefined, site).utm_campaign ?? ''
    expect(Array.from(long)).toHaveLength(MAX_PARAMETER_CHARS)
    // No lone surrogate: every character is a whole code point.
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
  })

  it('keeps only the host of another site that led here, without www', () => {
    expect(visitSource('', 'https://www.google.com/search?q=pulso+reviews', site)).toEqual({ referrer_host: 'google.com' })
    expect(visitSource('', 'http://news.ycombinator.com/item?id=1', site)).toEqual({ referrer_host: 'news.ycombinator.com' })
    expect(visitSource('', 'https://bücher.example/', site)).toEqual({ referrer_host: 'xn--bcher-kva.example' })
  })

  it('has no referring host for the site itself, another scheme, or a referrer that is not an address', () => {
    for (const referrer of [
      'https://pulso.app/en',
      'https://www.pulso.app/',
      'android-app://com.google.android.gm/',
      'not a url',
      undefined,
    ]) {
      expect(visitSource('', referrer, site)).toEqual({})
    }
  })
})
