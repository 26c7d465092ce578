import type { Sql } from './sql.ts'

export interface RequestLimits {
  /** Per client address, read from the request's headers as the pre-request hook reads them. */
  client(headers: Headers): Promise<number>
  /** Per recipient address (canonical). */
  recipient(address: string): Promise<number>
}

/**
 * The database's request limits (guard.take in supabase/migrations/20261123100100_request_limits.sql)
 * for the welcome function, called with the server's rights. Each answer is 0 when the request
 * counts and may go on, otherwise the seconds to wait.
 */
export function createRequestLimits(sql: Sql): RequestLimits {
  const wait = async (query: string, params: unknown[]) => (await sql.query<{ wait: number }>(query, params)).rows[0]?.wait ?? 0
  return {
    client: (headers) =>
      wait(`select guard.take('welcome_client', guard.client_address($1::json)) as wait`, [
        JSON.stringify(Object.fromEntries(headers)),
      ]),
    recipient: (address) => wait(`select guard.take('welcome_recipient', lower($1)) as wait`, [address]),
  }
}
