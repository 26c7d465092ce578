import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** How long the Studio has to write its proof once it has a nonce (issue 23: at most 60 s). */
export const NONCE_TTL_MS = 60_000

/**
 * The nonces the Launch tool's proof must carry: random, with their expiry, signed with a key only
 * this site holds, so that every instance accepts the others' and nobody can make one up. Spending
 * a nonce once is the database's job (operator.open_session).
 */
export function createLaunchNonces(key: string, now: () => number = Date.now) {
  const mac = (body: string) => createHmac('sha256', key).update(`pulso-launch-nonce:${body}`).digest('base64url')
  return {
    issue(): { nonce: string; expiresAt: Date } {
      const expires = now() + NONCE_TTL_MS
      const body = `${randomBytes(16).toString('base64url')}.${expires}`
      return { nonce: `${body}.${mac(body)}`, expiresAt: new Date(expires) }
    },
    /** The nonce's expiry when it was issued here and has not expired; undefined otherwise. */
    check(nonce: unknown): Date | undefined {
      if (typeof nonce !== 'string' || nonce.length > 128) return undefined
      const match = /^([A-Za-z0-9_-]{22}\.(\d{13}))\.([A-Za-z0-9_-]{43})$/.exec(nonce)
      if (!match) return undefined
      const [, body, expires, signature] = match as unknown as [string, string, string, string]
      const expected = Buffer.from(mac(body))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      return Number(expires) > now() ? new Date(Number(expires)) : undefined
    },
  }
}

export type LaunchNonces = ReturnType<typeof createLaunchNonces>
