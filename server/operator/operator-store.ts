/**
 * The operators' views of the waitlist (supabase/migrations/20261125120000_operator.sql), each call
 * audited by the database under the Studio user it names: on this server's own database, or on the
 * hosted project's over its RPC with the secret key. Both run the same SQL functions.
 */
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
    | 'update.unconfirmed.resent'
  detail: Record<string, unknown>
}

/**
 * Places an export reads at a time after its first, by database: its memory stays a page's, whatever
 * the waitlist's size, and each page's text stays under 128 KiB, where V8 makes a text a large object
 * of its own (about 175 bytes a place). Such texts are promoted out of the young generation whenever a
 * collection finds them in flight, and pile up there until a full one: on the embedded database, where
 * a page's text is also copied from PGlite's thread to the main one, pages of 2,000 (about 350 kB) raised
 * the server's memory 32–46 MB during an export against 3–6 MB with 250 (docs/decisions/0096); on
 * PostgreSQL, with the export's collections (export-stream.ts, docs/decisions/0104), pages of 2,000 raised
 * it 53–110 MB against 2–18 MB with 500, in the same time. The hosted project's database is PostgreSQL.
 */
export const EXPORT_PAGE: Readonly<Record<Database['kind'], number>> = { postgres: 500, pglite: 250 }
/** The first page is smaller: the first byte leaves after a tenth of a page's reading (0.25 s for a whole page at a million). */
export const FIRST_EXPORT_PAGE = 100

/** A page of the export as the database writes it (operator.waitlist_export_csv). */
export interface ExportPage {
  /** CSV lines, the header first on the first page. */
  csv: string
  rows: number
  confirmed: number
  /** What to ask for the page after this one; null on an empty page, the end. */
  after: unknown
}

/** The pages of `page(after)`, each after the last place of the one before, until one comes back empty. */
async function* pagesOf(
  pageSize: number,
  page: (after: unknown, limit: number) => Promise<ExportPage>,
): AsyncGenerator<ExportPage> {
  let after: unknown = null
  for (;;) {
    const next = await page(after, after === null ? FIRST_EXPORT_PAGE : pageSize)
    // The first page carries the header even when no place follows.
    if (next.rows > 0 || after === null) yield next
    if (next.rows === 0) return
    after = next.after
  }
}

export interface OperatorStore {
  waitlistPage(actor: string, query: WaitlistQuery): Promise<{ total: number; rows: Place[] }>
  /** Every place as CSV, oldest first, a page at a time (operator.waitlist_export_csv); the first page is audited. */
  waitlistExport(actor: string): AsyncIterable<ExportPage>
  /** False when there is no such place. */
  erase(actor: string, placeId: string): Promise<boolean>
  auditLog(limit: number): Promise<AuditEntry[]>
  /** Audits a request of `actor`'s that their access level refused: its method and route pattern, nothing of its values. */
  recordRefusal(actor: string, method: string, route: string): Promise<void>
}

export function sqlOperatorStore(db: Database): OperatorStore {
  const one = async <T>(text: string, params: unknown[]): Promise<T> => {
    const { rows } = await db.query<{ answer: T }>(`select ${text} as answer`, params)
    return rows[0]!.answer
  }
  return {
    waitlistPage: (actor, { search, status, limit, offset }) =>
      one('operator.waitlist_page($1, $2, $3, $4, $5)', [actor, search, status, limit, offset]),
    waitlistExport: (actor) =>
      pagesOf(
        EXPORT_PAGE[db.kind],
        async (after, limit) =>
          (await db.query<ExportPage>('select * from operator.waitlist_export_csv($1, $2, $3)', [actor, after, limit])).rows[0]!,
      ),
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
    waitlistExport: (actor) =>
      pagesOf(
        // The hosted project's database is PostgreSQL.
        EXPORT_PAGE.postgres,
        async (after, limit) =>
          (await rpc<ExportPage[]>('operator_waitlist_export_csv', { p_actor: actor, p_after: after, p_limit: limit }))[0]!,
      ),
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
