import { createHmac } from 'node:crypto'
import { signerFactory } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

const PREVIEW_COOKIE = 'pulso_preview'
/** As long as the Studio's preview secret lives (@sanity/preview-url-secret: one hour). */
export const PREVIEW_TTL_MS = 60 * 60_000

/**
 * Presentation shows the site in an iframe on the Studio's origin, so the cookie must be
 * sent cross-site: SameSite=None, which browsers accept only with Secure (localhost included).
 */
const COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'none' } as const

/**
 * The signed cookie that turns draft preview on for one browser after the Studio's secret was
 * checked (reading and writing it needs @fastify/cookie on the app). It carries nothing but its
 * expiry, signed with a key derived from the viewer token: every instance of the site accepts it
 * and nobody without the token can forge it. The signer is the preview's own rather than a
 * secret given to @fastify/cookie, which would be the whole app's.
 */
export function createPreviewSession(viewerToken: string, now: () => number = Date.now) {
  const signer = signerFactory(createHmac('sha256', 'pulso-preview-session').update(viewerToken).digest())

  return {
    /** Preview on for this browser, for PREVIEW_TTL_MS from now. */
    start(reply: FastifyReply): void {
      const expires = String(now() + PREVIEW_TTL_MS)
      reply.setCookie(PREVIEW_COOKIE, signer.sign(expires), { ...COOKIE_OPTIONS, maxAge: PREVIEW_TTL_MS / 1000 })
    },
    /** Whether the request carries a cookie issued here that has not expired. */
    isActive(request: FastifyRequest): boolean {
      const cookie = request.cookies[PREVIEW_COOKIE]
      if (!cookie) return false
      const { valid, value } = signer.unsign(cookie)
      return valid && /^\d+$/.test(value) && Number(value) > now()
    },
  }
}

/** Preview off for this browser (whether or not this site still offers it). */
export function endPreview(reply: FastifyReply): void {
  reply.clearCookie(PREVIEW_COOKIE, COOKIE_OPTIONS)
}

export type PreviewSession = ReturnType<typeof createPreviewSession>
