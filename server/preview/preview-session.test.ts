import { describe, expect, it } from 'vitest'
import { createPreviewSession, previewCookieHeader, previewCookieOf, PREVIEW_TTL_MS } from './preview-session.ts'

describe('the preview session cookie', () => {
  it('is valid for an hour after it is issued, then not', () => {
    let now = 1_000_000
    const session = createPreviewSession('viewer-token-of-at-least-20', () => now)
    const value = session.issue()
    expect(session.isValid(value)).toBe(true)
    now += PREVIEW_TTL_MS - 1
    expect(session.isValid(value)).toBe(true)
    now += 1
    expect(session.isValid(value)).toBe(false)
  })

  it('cannot be forged, extended or carried to a site with another token', () => {
    const session = createPreviewSession('viewer-token-of-at-least-20')
    const [expires, signature] = session.issue().split('.')
    expect(session.isValid(`${Number(expires) + 1}.${signature}`)).toBe(false)
    expect(session.isValid(`${expires}.${signature?.slice(1)}`)).toBe(false)
    expect(session.isValid(undefined)).toBe(false)
    expect(session.isValid('garbage')).toBe(false)
    expect(createPreviewSession('another-viewer-token-here').isValid(`${expires}.${signature}`)).toBe(false)
  })

  it('is read from the Cookie header and set cross-site for the Studio’s iframe', () => {
    expect(previewCookieOf('lang=en; pulso_preview=123.abc=; other=1')).toBe('123.abc=')
    expect(previewCookieOf('lang=en')).toBeUndefined()
    expect(previewCookieHeader('v')).toBe('pulso_preview=v; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=None')
    expect(previewCookieHeader('', 0)).toContain('Max-Age=0')
  })
})
