// Proof of work instead of a third-party captcha (docs/decisions/0018-proof-of-work.md): the
// welcome function hands out signed ALTCHA challenges and accepts each solution once. Plain
// Web Crypto, so the self-hosted server and the Deno function run this same file.
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import type { Sql } from '../runtime/sql.ts'

/**
 * PBKDF2 with 1,000 iterations per attempt and a one-byte key prefix to find: about 256
 * attempts, a fraction of a second in a browser's workers while the visitor types, and the
 * same cost again for every further welcome a script wants.
 */
const ALGORITHM = 'PBKDF2/SHA-256'
const COST = 1_000
/** Long enough for a visitor who opens the form and comes back to it later. */
const LIFETIME_MS = 30 * 60_000

export type ProofCheck = 'valid' | 'missing' | 'invalid' | 'spent'

export interface ProofOfWork {
  challenge(): Promise<Challenge>
  /** Checks a solution (the widget's base64 payload) and spends it: a second check of it is 'spent'. */
  check(payload: string | undefined): Promise<ProofCheck>
}

/** `hmacKey` signs the challenges: ALTCHA_HMAC_KEY, or the key kept in the database (stored-secret.ts). */
export function createProofOfWork(sql: Sql, hmacKey: () => Promise<string>): ProofOfWork {
  return {
    challenge: async () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        deriveKey,
        hmacSignatureSecret: await hmacKey(),
        expiresAt: new Date(Date.now() + LIFETIME_MS),
      }),

    async check(payload) {
      if (!payload) return 'missing'
      const decoded = decode(payload)
      if (!decoded) return 'invalid'
      const { challenge, solution } = decoded
      const hmacSignatureSecret = await hmacKey()
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret }).catch(() => undefined)
      // The signature covers the parameters, so the algorithm, cost and expiry are the ones we chose.
      if (!result?.verified || challenge.parameters.expiresAt === undefined) return 'invalid'
      const { rows } = await sql.query<{ fresh: boolean }>('select guard.spend_challenge($1, to_timestamp($2)) as fresh', [
        challenge.parameters.nonce,
        challenge.parameters.expiresAt,
      ])
      return rows[0]?.fresh ? 'valid' : 'spent'
    },
  }
}

function decode(payload: string): Payload | undefined {
  try {
    const decoded = JSON.parse(atob(payload)) as Partial<Payload> | null
    const parameters = decoded?.challenge?.parameters
    if (!decoded?.solution || typeof parameters?.nonce !== 'string') return undefined
    return decoded as Payload
  } catch {
    return undefined
  }
}
