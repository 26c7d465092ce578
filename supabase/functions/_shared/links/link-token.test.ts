import { describe, expect, it } from 'vitest'
import { signLinkToken, verifyLinkToken, type LinkPurpose } from './link-token.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const WAITLIST_ID = '5b0d6a2e-8f4c-4f1e-9a57-2f3c1d0b9e77'
const NOW = new Date('2026-11-23T12:00:00Z')
const IN_30_DAYS = new Date(NOW.getTime() + 30 * 86_400_000)

const sign = (purpose: LinkPurpose, expiresAt = IN_30_DAYS, secret = SECRET) =>
  signLinkToken(secret, { purpose, waitlistId: WAITLIST_ID, expiresAt })

describe('link tokens', () => {
  it.each(['confirm', 'remove'] as const)('a %s token names its waitlist row until it expires', async (purpose) => {
    const token = await sign(purpose)
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/) // safe in a URL as it is
    expect(await verifyLinkToken(SECRET, token, purpose, NOW)).toEqual({ ok: true, waitlistId: WAITLIST_ID })
  })

  it('serves one purpose only: a removal token cannot confirm, nor a confirmation token remove', async () => {
    expect(await verifyLinkToken(SECRET, await sign('remove'), 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' })
    expect(await verifyLinkToken(SECRET, await sign('confirm'), 'remove', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('refuses a token whose purpose was rewritten, though the rest is intact', async () => {
    const removal = await sign('remove')
    const relabelled = removal.replace(/^remove\./, 'confirm.')
    expect(await verifyLinkToken(SECRET, relabelled, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('expires at its expiry, to the second', async () => {
    const token = await sign('confirm')
    expect(await verifyLinkToken(SECRET, token, 'confirm', new Date(IN_30_DAYS.getTime() - 1000))).toMatchObject({ ok: true })
    expect(await verifyLinkToken(SECRET, token, 'confirm', IN_30_DAYS)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses a later expiry written into an expired token', async () => {
    const expired = await sign('confirm', new Date(NOW.getTime() - 1000))
    const [purpose, id, , signature] = expired.split('.')
    const extended = [purpose, id, String(Math.floor(IN_30_DAYS.getTime() / 1000)), signature].join('.')
    expect(await verifyLinkToken(SECRET, extended, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('refuses a token for another row made from a real one', async () => {
    const token = await sign('remove')
    const otherRow = token.replace(WAITLIST_ID, '00000000-0000-4000-8000-000000000000')
    expect(await verifyLinkToken(SECRET, otherRow, 'remove', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('refuses every single-character alteration of a token', async () => {
    const token = await sign('confirm')
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'
    for (let i = 0; i < token.length; i += 1) {
      for (const replacement of alphabet) {
        if (replacement === token[i]) continue
        const altered = token.slice(0, i) + replacement + token.slice(i + 1)
        const verified = await verifyLinkToken(SECRET, altered, 'confirm', NOW)
        expect(verified.ok, `${altered} (position ${i})`).toBe(false)
      }
    }
  })

  it('refuses a token signed with another secret, even an expired one (never "expired" for a forgery)', async () => {
    const forged = await sign('confirm', IN_30_DAYS, 'another-secret-of-thirty-two-characters!')
    expect(await verifyLinkToken(SECRET, forged, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' })
    const forgedExpired = await sign('confirm', new Date(NOW.getTime() - 1000), 'another-secret-of-thirty-two-characters!')
    expect(await verifyLinkToken(SECRET, forgedExpired, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })

  it.each([
    ['empty', ''],
    ['no parts', 'token'],
    ['too many parts', 'confirm.a.b.c.d'],
    ['not a UUID', 'confirm.1 or 1=1.1767225600.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['an expiry that is not a number', `confirm.${WAITLIST_ID}.soon.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`],
    ['a short signature', `confirm.${WAITLIST_ID}.1767225600.AAAA`],
    ['a signature that is not base64url', `confirm.${WAITLIST_ID}.1767225600.${'+'.repeat(43)}`],
  ])('refuses a malformed token: %s', async (_case, token) => {
    expect(await verifyLinkToken(SECRET, token, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })
})
