/**
 * The operators' views of the waitlist (supabase/migrations/20261125120000_operator.sql), each call
 * audited by the database under the Studio user it names: on this server's own database, or on the
 * hosted project's over its RPC with the secret key. Both run the same SQL functions.
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, whereSignupsLive, type SecretRpcOptions } from '../supabase/secret-rpc.ts'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'

export type PlaceStatus = 'all' | 'confirmed' | 'unconfirmed'

export interface WaitlistQuery {
  search: string
  status: PlaceStatus
  limit: number
  offset: number
}

export interface Place {
  id: string
  email: string
  name: string | null
  role: string
  company_size: string
  created_at: string
  confirmed_at: string | null
  consent_locale: string | null
  consent_version: string | null
  welcome_status: string | null
  welcomed_at: string | null
  source: string
  campaign: string | null
  /** When a wave invited them; null while they wait. */
  invited_at: string | null
  /** When they started their trial (the product reported it, or someone marked it); null until then. */
  activated_at: string | null
  /** True when their inbox refused mail for good (a permanent SMTP refusal): nothing more is sent to it. */
  undeliverable: boolean
}

export interface AuditEntry {
  at: string
  actor: string
  action:
    | 'session.opened'
    | 'session.ended'
    | 'sessions.ended'
    | 'access.refused'
    | 'waitlist.read'
    | 'waitlist.exported'
    | 'person.erased'
    | 'webhook.endpoint.created'
    | 'webhook.endpoint.changed'
    | 'webhook.endpoint.deleted'
    | 'webhook.secret.rotated'
    | 'webhook.test.sent'
    | 'webhook.delivery.resent'
    | 'invites.previewed'
    | 'invites.wave.sent'
    | 'invites.wave.read'
    | 'invite.activated'
    | 'referrals.held.read'
    | 'referral.accepted'
    | 'referral.rejected'
    | 'updates.counted'
    | 'updates.previewed'
    | 'updates.test.sent'
    | 'update.sent'
    | 'update.paused'
    | 'update.resumed'
  detail: Record<string, unknown>
}

/** The export's columns, in order: the Launch tool's and `npm run waitlist:export`'s (operator.waitlist_export). */
export const EXPORT_COLUMNS = [
  'email',
  'role',
  'company_size',
  'created_at',
  'confirmed',
  'confirmed_at',
  'consent_locale',
  'consent_version',
  'locale',
  'welcome_status',
  'welcomed_at',
] as const

export interface OperatorStore {
  waitlistPage(actor: string, query: WaitlistQuery): Promise<{ total: number; rows: Place[] }>
  waitlistExport(actor: string): Promise<Record<string, unknown>[]>
  /** False when there is no such place. */
  erase(actor: string, placeId: string): Promise<boolean>
  auditLog(limit: number): Promise<AuditEntry[]>
  /** Audits a request of `actor`'s that their access level refused: its method and route pattern, nothing of its values. */
  recordRefusal(actor: string, method: string, route: string): Promise<void>
}

export function sqlOperatorStore(db: Sql): OperatorStore {
  const one = async <T>(text: string, params: unknown[]): Promise<T> => {
    const { rows } = await db.query<{ answer: T }>(`select ${text} as answer`, params)
    return rows[0]!.answer
  }
  return {
    waitlistPage: (actor, { search, status, limit, offset }) =>
      one('operator.waitlist_page($1, $2, $3, $4, $5)', [actor, search, status, limit, offset]),
    waitlistExport: async (actor) => (await db.query('select * from operator.waitlist_export($1)', [actor])).rows,
    erase: (actor, placeId) => one('operator.erase($1, $2)', [actor, placeId]),
    auditLog: (limit) => one('operator.audit_log($1)', [limit]),
    recordRefusal: async (actor, method, route) => {
      await db.query('select operator.record_refusal($1, $2, $3)', [actor, method, route])
    },
  }
}

export function restOperatorStore(options: SecretRpcOptions): OperatorStore {
  const rpc = secretRpc(options)
  return {
    waitlistPage: (actor, { search, status, limit, offset }) =>
      rpc('operator_waitlist_page', { p_actor: actor, p_search: search, p_status: status, p_limit: limit, p_offset: offset }),
    waitlistExport: (actor) => rpc('operator_waitlist_export', { p_actor: actor }),
    erase: (actor, placeId) => rpc('operator_erase', { p_actor: actor, p_id: placeId }),
    auditLog: (limit) => rpc('operator_audit_log', { p_limit: limit }),
    recordRefusal: async (actor, method, route) => {
      await rpc('operator_record_refusal', { p_actor: actor, p_method: method, p_route: route })
    },
  }
}

/** The operators' views where the sign-ups are, as analyticsApiFor finds the counting (analytics/counting.ts). */
export function operatorStoreFor(config: ServerConfig, db: Database | undefined): OperatorStore | undefined {
  return whereSignupsLive(config.supabase, db, sqlOperatorStore, restOperatorStore)
}
