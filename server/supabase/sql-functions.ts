import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, type SecretRpcOptions } from './secret-rpc.ts'

/**
 * SQL functions of one schema called by name with named arguments: run as SQL on this server's own
 * database, or over the hosted project's RPC, where each is reached as `public.<schema>_<name>`
 * (its Data API exposes `public` only). The arguments are passed in the order they are written.
 */
export interface SqlFunctions {
  call<T>(name: string, args: Record<string, unknown>): Promise<T>
}

export function sqlFunctions(db: Sql, schema: string): SqlFunctions {
  return {
    async call<T>(name: string, args: Record<string, unknown>) {
      const values = Object.values(args)
      const placeholders = values.map((_, index) => `$${index + 1}`).join(', ')
      const { rows } = await db.query<{ answer: T }>(`select ${schema}.${name}(${placeholders}) as answer`, values)
      return rows[0]!.answer
    },
  }
}

export function rpcFunctions(options: SecretRpcOptions, schema: string): SqlFunctions {
  const rpc = secretRpc(options)
  return { call: (name, args) => rpc(`${schema}_${name}`, args) }
}
