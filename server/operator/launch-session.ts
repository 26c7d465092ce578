import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionStore } from './session-store.ts'

const LAUNCH_COOKIE = 'pulso_launch'
/** A session lives an hour at most (operator.session_lifetime); the cookie no longer than that. */
export const LAUNCH_SESSION_TTL_MS = 60 * 60_000
/** 32 random bytes, as base64url: what a credential looks like, checked before the database is asked. */
const CREDENTIAL = /^[A-Za-z0-9_-]{43}$/

/**
 * Scoped to the tool's API, and sent from the Studio's frame or origin: SameSite=None, which
 * browsers accept only with Secure (localhost included), partitioned by the top-level site. A
 * cross-site page cannot use it to write: every write must come from the tool's own origins
 * (http/same-origin-writes.ts, docs/decisions/0058-same-origin-writes.md).
 */
const COOKIE_OPTIONS = { path: '/api/launch', httpOnly: true, secure: true, sameSite: 'none', partitioned: true } as const

const hashOf = (credential: string) => createHash('sha256').update(credential).digest('hex')

/** The proof a session is opened with (launch-proof.ts): its Studio user and its nonce. */
export interface ProvenUser {
  actor: string
  nonce: string
  nonceExpiresAt: Date
}

/**
 * The Launch tool's credential (docs/decisions/0059-launch-sessions.md): an opaque random value,
 * given once the Studio has proved who is asking, whose session lives in the database by its hash
 * alone. Signing out ends it there, so every server instance refuses it at once.
 */
export function createLaunchSessions(store: SessionStore) {
  const credentialOf = (request: FastifyRequest) => {
    const cookie = request.cookies[LAUNCH_COOKIE]
    return cookie && CREDENTIAL.test(cookie) ? cookie : undefined
  }
  return {
    /** Opens a session for the proven user and gives the browser its credential; false when the proof was used before. */
    async start(reply: FastifyReply, { actor, nonce, nonceExpiresAt }: ProvenUser): Promise<boolean> {
      const credential = randomBytes(32).toString('base64url')
      if (!(await store.open({ actor, nonce, nonceExpiresAt, credentialHash: hashOf(credential) }))) return false
      reply.setCookie(LAUNCH_COOKIE, credential, { ...COOKIE_OPTIONS, maxAge: LAUNCH_SESSION_TTL_MS / 1000 })
      return true
    },
    /** The Studio user whose live session the request's credential opens; undefined otherwise. */
    async actor(request: FastifyRequest): Promise<string | undefined> {
      const credential = credentialOf(request)
      return (credential && (await store.actor(hashOf(credential)))) || undefined
    },
    /** Signs this browser out: its session ends wherever it is used, and its cookie is cleared. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const credential = credentialOf(request)
      if (credential) await store.end(hashOf(credential))
      reply.clearCookie(LAUNCH_COOKIE, COOKIE_OPTIONS)
    },
    /** Signs `actor` out everywhere: every session of theirs ends, this browser's cookie is cleared. */
    async endEverywhere(actor: string, reply: FastifyReply): Promise<number> {
      const ended = await store.endEverywhere(actor)
      reply.clearCookie(LAUNCH_COOKIE, COOKIE_OPTIONS)
      return ended
    },
  }
}

export type LaunchSessions = ReturnType<typeof createLaunchSessions>
