import type { Sql } from './sql.ts'

/** 32 random bytes in hex: the signing key generated when the deployment sets none. */
function randomSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The key that signs the personal links: LINK_SECRET when the deployment sets it; otherwise one
 * generated once and kept in the database (private.secrets), so links outlive restarts and every
 * instance sharing the database signs and checks alike. Whoever asks first stores theirs.
 */
export async function resolveLinkSecret(sql: Sql, configured: string | undefined): Promise<string> {
  if (configured) return configured
  const { rows } = await sql.query<{ value: string }>(
    `with stored as (
       insert into private.secrets (name, value) values ('link_secret', $1)
       on conflict (name) do nothing
       returning value
     )
     select value from stored
     union all
     select value from private.secrets where name = 'link_secret'
     limit 1`,
    [randomSecret()],
  )
  const [row] = rows
  if (!row) throw new Error('The link-signing key could not be stored in private.secrets.')
  return row.value
}
