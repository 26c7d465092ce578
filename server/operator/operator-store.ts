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
}

export interface AuditEntry {
  at: string
  actor: string
  action:
    | 'session.opened'
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

/** Places an export reads at a time: its memory stays a page's, whatever the waitlist's size. */
export const EXPORT_PAGE = 2_000

/** An exported place, with what to ask for the page after it (operator.waitlist_export_page). */
type ExportRow = Record<string, unknown> & { page_after: unknown }

/**
 * Pages of `page(after)`, each after the last row of the one before, until one comes back empty: a
 * short page is no end, as hosted PostgREST answers at most its `max-rows` (1,000 on Supabase by
 * default) whatever the limit asked for.
 */
async function* pagesOf(page: (after: unknown) => Promise<ExportRow[]>) {
  let after: unknown = null
  for (;;) {
    const rows = await page(after)
    if (rows.length === 0) return
    yield rows
    after = rows[rows.length - 1]?.page_after
  }
}

export interface OperatorStore {
  /** Spends the proof's nonce for `actor`; false when it was spent before. */
  openSession(actor: string, nonce: string, expiresAt: Date): Promise<boolean>
  waitlistPage(actor: string, query: WaitlistQuery): Promise<{ total: number; rows: Place[] }>
  /** Every place, oldest first, a page at a time (operator.waitlist_export_page); the first page is audited. */
  waitlistExport(actor: string): AsyncIterable<Record<string, unknown>[]>
  /** False when there is no such place. */
  erase(actor: string, placeId: string): Promise<boolean>
  auditLog(limit: number): Promise<AuditEntry[]>
}

export function sqlOperatorStore(db: Sql): OperatorStore {
  const one = async <T>(text: string, params: unknown[]): Promise<T> => {
    const { rows } = await db.query<{ answer: T }>(`select ${text} as answer`, params)
    return rows[0]!.answer
  }
  return {
    openSession: (actor, nonce, expiresAt) => one('operator.open_session($1, $2, $3)', [actor, nonce, expiresAt.toISOString()]),
    waitlistPage: (actor, { search, status, limit, offset }) =>
      one('operator.waitlist_page($1, $2, $3, $4, $5)', [actor, search, status, limit, offset]),
    waitlistExport: (actor) =>
      pagesOf(
        async (after) =>
          (await db.query<ExportRow>('select * from operator.waitlist_export_page($1, $2, $3)', [actor, after, EXPORT_PAGE]))
            .rows,
      ),
    erase: (actor, placeId) => one('operator.erase($1, $2)', [actor, placeId]),
    auditLog: (limit) => one('operator.audit_log($1)', [limit]),
  }
}

export function restOperatorStore(options: SecretRpcOptions): OperatorStore {
  const rpc = secretRpc(options)
  return {
    openSession: (actor, nonce, expiresAt) =>
      rpc('operator_open_session', { p_actor: actor, p_nonce: nonce, p_expires_at: expiresAt.toISOString() }),
    waitlistPage: (actor, { search, status, limit, offset }) =>
      rpc('operator_waitlist_page', { p_actor: actor, p_search: search, p_status: status, p_limit: limit, p_offset: offset }),
    waitlistExport: (actor) =>
      pagesOf((after) =>
        rpc<ExportRow[]>('operator_waitlist_export_page', { p_actor: actor, p_after: after, p_limit: EXPORT_PAGE }),
      ),
    erase: (actor, placeId) => rpc('operator_erase', { p_actor: actor, p_id: placeId }),
    auditLog: (limit) => rpc('operator_audit_log', { p_limit: limit }),
  }
}

/** The operators' views where the sign-ups are, as analyticsApiFor finds the counting (analytics/counting.ts). */
export function operatorStoreFor(config: ServerConfig, db: Database | undefined): OperatorStore | undefined {
  return whereSignupsLive(config.supabase, db, sqlOperatorStore, restOperatorStore)
}
