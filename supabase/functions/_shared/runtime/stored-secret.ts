import type { Sql } from './sql.ts'

/** The keys a deployment may leave unset: the personal links' and the proof of work's. */
export type SecretName = 'link_secret' | 'altcha_hmac_key'

/** 32 random bytes in hex: the signing key generated when the deployment sets none. */
function randomSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * A signing key: the configured one when the deployment sets it (LINK_SECRET, ALTCHA_HMAC_KEY);
 * otherwise one generated once and kept in the database (private.secrets), so what it signed
 * outlives restarts and every instance and function sharing the database signs and checks alike.
 * Whoever asks first stores theirs.
 */
export async function resolveStoredSecret(sql: Sql, name: SecretName, configured: string | undefined): Promise<string> {
  if (configured) return configured
  // The no-op update makes a caller that loses the race wait for the winner's row and return it;
  // `do nothing` would return no row, and a read in the same statement would not see it yet.
  const { rows } = await sql.query<{ value: string }>(
    `insert into private.secrets (name, value) values ($1, $2)
     on conflict (name) do update set name = excluded.name
     returning value`,
    [name, randomSecret()],
  )
  const [row] = rows
  if (!row) throw new Error(`The key ${name} could not be stored in private.secrets.`)
  return row.value
}

/** The same key, asked for on first use and then kept; a failed attempt is made again on the next call. */
export function storedSecret(sql: Sql, name: SecretName, configured: string | undefined): () => Promise<string> {
  let secret: Promise<string> | undefined
  return () => {
    secret ??= resolveStoredSecret(sql, name, configured).catch((error: unknown) => {
      secret = undefined
      throw error
    })
    return secret
  }
}
