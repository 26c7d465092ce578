import { createHmac, timingSafeEqual } from 'node:crypto'

export const PREVIEW_COOKIE = 'pulso_preview'
/** As long as the Studio's preview secret lives (@sanity/preview-url-secret: one hour). */
export const PREVIEW_TTL_MS = 60 * 60_000

/**
 * The signed cookie that turns draft preview on for one browser after the Studio's secret was
 * checked. Keyed by the viewer token, so every instance of the site accepts it and nobody
 * without the token can forge it; it carries nothing but its expiry.
 */
export function createPreviewSession(viewerToken: string, now: () => number = Date.now) {
  const key = createHmac('sha256', 'pulso-preview-session').update(viewerToken).digest()
  const sign = (expires: string) => createHmac('sha256', key).update(expires).digest('base64url')

  return {
    /** A cookie value valid for PREVIEW_TTL_MS from now. */
    issue(): string {
      const expires = String(now() + PREVIEW_TTL_MS)
      return `${expires}.${sign(expires)}`
    },
    /** Whether a cookie value was issued here and has not expired. */
    isValid(value: string | undefined): boolean {
      const [expires, signature] = (value ?? '').split('.')
      if (!expires || !signature || !/^\d+$/.test(expires)) return false
      const given = Buffer.from(signature)
      const expected = Buffer.from(sign(expires))
      return given.length === expected.length && timingSafeEqual(given, expected) && Number(expires) > now()
    },
  }
}

export type PreviewSession = ReturnType<typeof createPreviewSession>

/** The preview cookie's value in a Cookie header, if any. */
export function previewCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === PREVIEW_COOKIE) return value.join('=')
  }
  return undefined
}

/**
 * Presentation shows the site in an iframe on the Studio's origin, so the cookie must be
 * sent cross-site: SameSite=None, which browsers accept only with Secure (localhost included).
 */
export function previewCookieHeader(value: string, maxAgeMs: number = PREVIEW_TTL_MS): string {
  return `${PREVIEW_COOKIE}=${value}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; Secure; SameSite=None`
}
