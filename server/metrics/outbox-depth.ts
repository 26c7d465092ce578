/**
 * How deep each outbox is, read from the database on every scrape (operator.outbox_depth,
 * migration 20261205090000): this server's own database, or the hosted project's over its RPC
 * with the secret key.
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, type SecretRpcOptions } from '../supabase/secret-rpc.ts'

/**
 * Every kind of message an outbox holds, reported (as 0) even while none waits, so that an alert
 * on one never sees it vanish. A new kind of message is one more entry here.
 */
export const OUTBOX_KINDS = ['welcome', 'invitation', 'standing', 'update', 'webhook'] as const

export interface OutboxDepth {
  kind: string
  pending: number
  /** Seconds since the oldest pending message was queued; 0 when none is. */
  oldestSeconds: number
}

export type ReadOutboxDepth = () => Promise<OutboxDepth[]>

interface DepthRow {
  kind: string
  pending: number | string
  oldestSeconds: number | string | null
}

/** Every known kind, those the database did not name at 0. */
function withEveryKind(rows: DepthRow[]): OutboxDepth[] {
  const read = new Map(rows.map((row) => [row.kind, row]))
  const kinds = [...new Set([...OUTBOX_KINDS, ...read.keys()])]
  return kinds.map((kind) => {
    const row = read.get(kind)
    return { kind, pending: Number(row?.pending ?? 0), oldestSeconds: Number(row?.oldestSeconds ?? 0) }
  })
}

export function sqlOutboxDepth(db: Sql): ReadOutboxDepth {
  return async () => {
    const { rows } = await db.query<{ depth: DepthRow[] }>('select operator.outbox_depth() as depth')
    return withEveryKind(rows[0]?.depth ?? [])
  }
}

export function restOutboxDepth(options: SecretRpcOptions): ReadOutboxDepth {
  const rpc = secretRpc(options)
  return async () => withEveryKind(await rpc<DepthRow[]>('operator_outbox_depth', {}))
}
