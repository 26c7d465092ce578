import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'

/**
 * Calls a SQL function of a hosted Supabase project over PostgREST's RPC (`POST /rest/v1/rpc/<name>`)
 * with the project's secret key (SUPABASE_SECRET_KEY), whose role (service_role) is the only one
 * the counting and operator functions admit. The key stays on this server: nothing the browser gets
 * carries it (app.ts publicConfigOf).
 */
export interface SecretRpcOptions {
  /** SUPABASE_URL. */
  url: string
  /** A secret key (`sb_secret_…`) or the legacy service-role JWT. */
  secretKey: string
  fetch?: typeof globalThis.fetch
  /** A call still unanswered after this long is given up. */
  timeoutMs?: number
}

/** A call PostgREST refused: its status, and the SQLSTATE or PGRST code its body names. */
export class RpcError extends Error {
  readonly status: number
  readonly code: string | undefined

  // Fields written out: Node runs this file by stripping types, which parameter properties are not.
  constructor(message: string, status: number, code: string | undefined) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** The hosted project's RPC with its secret key, when this server is in front of one that gave it. */
function hostedRpcOptions(supabase: { url: string; hosted: boolean; secretKey?: string }): SecretRpcOptions | undefined {
  return supabase.hosted && supabase.secretKey ? { url: supabase.url, secretKey: supabase.secretKey } : undefined
}

/**
 * An API over the sign-ups' database, where it lives: the hosted project's RPC when this server is
 * in front of one that gave its secret key, this server's own database when it answers the
 * sign-ups itself; undefined in front of a hosted project without the key.
 */
export function whereSignupsLive<T, D extends Sql = Sql>(
  supabase: { url: string; hosted: boolean; secretKey?: string },
  db: D | undefined,
  overSql: (db: D) => T,
  overRpc: (options: SecretRpcOptions) => T,
): T | undefined {
  const rest = hostedRpcOptions(supabase)
  if (rest) return overRpc(rest)
  return supabase.hosted || !db ? undefined : overSql(db)
}

export type SecretRpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>

export function secretRpc({ url, secretKey, fetch = globalThis.fetch, timeoutMs = 5_000 }: SecretRpcOptions): SecretRpc {
  // A secret key goes in apikey alone; the legacy service-role key is a JWT, which the gateway also wants as the bearer.
  const headers: Record<string, string> = {
    apikey: secretKey,
    'content-type': 'application/json',
    ...(secretKey.startsWith('eyJ') ? { authorization: `Bearer ${secretKey}` } : {}),
  }
  return async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300)
      const code = (() => {
        try {
          return (JSON.parse(detail) as { code?: unknown }).code
        } catch {
          return undefined
        }
      })()
      throw new RpcError(
        `${name} answered ${response.status}${detail ? `: ${detail}` : ''}`,
        response.status,
        typeof code === 'string' ? code : undefined,
      )
    }
    return (await response.json()) as T
  }
}
