import { createHmac } from 'node:crypto'
import { signerFactory } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

const LAUNCH_COOKIE = 'pulso_launch'
/** A credential lives an hour at most (issue 23); the tool asks for a new proof after. */
export const LAUNCH_SESSION_TTL_MS = 60 * 60_000

/**
 * Scoped to the tool's API, and sent from the Studio's frame or origin: SameSite=None, which
 * browsers accept only with Secure (localhost included), partitioned by the top-level site.
 */
const COOKIE_OPTIONS = { path: '/api/launch', httpOnly: true, secure: true, sameSite: 'none', partitioned: true } as const

/**
 * The Launch tool's credential, given once the Studio has proved who is asking
 * (launch-proof.ts): the Studio user's id and its expiry, signed with a key of the tool's own.
 */
export function createLaunchSessions(key: string, now: () => number = Date.now) {
  const signer = signerFactory(createHmac('sha256', 'pulso-launch-session').update(key).digest())
  return {
    start(reply: FastifyReply, actor: string): void {
      reply.setCookie(LAUNCH_COOKIE, signer.sign(`${now() + LAUNCH_SESSION_TTL_MS}.${actor}`), {
        ...COOKIE_OPTIONS,
        maxAge: LAUNCH_SESSION_TTL_MS / 1000,
      })
    },
    /** The Studio user the request's credential names, when it was issued here and has not expired. */
    actor(request: FastifyRequest): string | undefined {
      const cookie = request.cookies[LAUNCH_COOKIE]
      if (!cookie) return undefined
      const { valid, value } = signer.unsign(cookie)
      const match = valid && value ? /^(\d+)\.([A-Za-z0-9_-]{1,64})$/.exec(value) : null
      return match && Number(match[1]) > now() ? match[2] : undefined
    },
    end(reply: FastifyReply): void {
      reply.clearCookie(LAUNCH_COOKIE, COOKIE_OPTIONS)
    },
  }
}

export type LaunchSessions = ReturnType<typeof createLaunchSessions>
