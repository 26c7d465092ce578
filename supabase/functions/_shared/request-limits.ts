import type { Sql } from './sql.ts'

export interface RequestLimits {
  /**
   * A welcome request, per client address (read from the request's headers as the pre-request
   * hook reads them), then per recipient address (canonical). 0 when the request counts and may
   * go on, otherwise the seconds to wait.
   */
  welcome(headers: Headers, recipient: string): Promise<number>
}

/**
 * The database's request limits (guard.take_welcome in
 * supabase/migrations/20261124090000_welcome_limits_in_one_call.sql) for the welcome function,
 * called with the server's rights.
 */
export function createRequestLimits(sql: Sql): RequestLimits {
  return {
    welcome: async (headers, recipient) =>
      (
        await sql.query<{ wait: number }>('select guard.take_welcome($1::json, $2) as wait', [
          JSON.stringify(Object.fromEntries(headers)),
          recipient,
        ])
      ).rows[0]?.wait ?? 0,
  }
}
