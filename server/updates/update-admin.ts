/**
 * The operators' side of updates (supabase/migrations/20261206090000_updates.sql): how many an
 * update would reach, an update sent (its recipients frozen under the tool's id), paused, resumed,
 * its unconfirmed messages sent again, and the updates with their progress; every count and change audited under the Studio user it
 * names. On this server's own database, or on the hosted project's over its RPC with the secret key
 * (public.updates_*).
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import type { SecretRpcOptions } from '../supabase/secret-rpc.ts'
import { rpcFunctions, sqlFunctions, type SqlFunctions } from '../supabase/sql-functions.ts'

/** Who an update goes to, narrowed by each key given (any of its values matches); a key left out narrows nothing. */
export interface UpdateFilter {
  locales?: ('pt' | 'en')[]
  states?: ('waiting' | 'invited' | 'activated')[]
  /** As the waitlist shows the source: utm_source, else the referral code, else the referrer's host, else (direct). */
  sources?: string[]
  campaigns?: string[]
  /** The page whose form they signed up on, by its document id; a place whose page was never said is on none. */
  pages?: string[]
}

/** An update as the tool lists it: counts only, nothing personal. */
export interface Update {
  id: string
  documentId: string
  filter: UpdateFilter
  createdBy: string
  createdAt: string
  sendAt: string
  pausedAt: string | null
  completedAt: string | null
  state: 'scheduled' | 'sending' | 'paused' | 'sent'
  recipients: number
  sent: number
  failed: number
  bounced: number
  /** People who left the list after this update was the last mail they were sent. */
  removed: number
  /** Still to go, and of those, the ones a temporary failure put off (they retry with backoff). */
  queued: number
  deferred: number
  /**
   * Recorded as sent, but the mail service's acceptance never recorded and no sender holds them any
   * more (a killed sender, a connection lost after the data): they may or may not have arrived (decision 0091).
   */
  unconfirmed: number
}

export interface UpdateAdmin {
  /** How many confirmed people the filter reaches now, in all and in each language. */
  count(actor: string, filter: UpdateFilter): Promise<{ total: number; pt: number; en: number }>
  /**
   * Sends the document to the people the filter reaches, frozen now under `id` (the one the tool
   * made when it showed the count), from `sendAt` (null: now). An id sent before sends nothing more:
   * `repeated` is then true and `update` is what the first call made.
   */
  send(
    actor: string,
    update: { id: string; documentId: string; filter: UpdateFilter; sendAt: string | null },
  ): Promise<{ update: Update; repeated: boolean }>
  /** Holds (true) or lets go (false) an update still sending; false for no such update or one complete. */
  setPaused(actor: string, id: string, paused: boolean): Promise<boolean>
  /**
   * Puts the update's unconfirmed messages back in the queue (some of their readers may get it twice);
   * answers how many, or null for no such update.
   */
  resendUnconfirmed(actor: string, id: string): Promise<number | null>
  /** The newest 200 updates first. */
  list(): Promise<Update[]>
  /** The first reader the filter reaches, for a preview with real values (audited by id); null when it reaches nobody. */
  sample(actor: string, filter: UpdateFilter): Promise<{ waitlistId: string; name: string; place: number | null } | null>
  /** Audits a test of `documentId` sent to the address the operator typed. */
  testSent(actor: string, documentId: string, to: string): Promise<void>
}

/** `asJson` gives a filter as the call takes a jsonb: its text for SQL, the object itself for the RPC's JSON body. */
function updateAdmin({ call }: SqlFunctions, asJson: (filter: UpdateFilter) => unknown): UpdateAdmin {
  return {
    count: (actor, filter) => call('count', { p_actor: actor, p_filter: asJson(filter) }),
    send: (actor, { id, documentId, filter, sendAt }) =>
      call('send', { p_actor: actor, p_update: id, p_document: documentId, p_filter: asJson(filter), p_send_at: sendAt }),
    setPaused: (actor, id, paused) => call('set_paused', { p_actor: actor, p_update: id, p_paused: paused }),
    resendUnconfirmed: (actor, id) => call('resend_unconfirmed', { p_actor: actor, p_update: id }),
    list: () => call('list', {}),
    sample: (actor, filter) => call('sample', { p_actor: actor, p_filter: asJson(filter) }),
    testSent: (actor, documentId, to) => call('test_sent', { p_actor: actor, p_document: documentId, p_to: to }),
  }
}

export const sqlUpdateAdmin = (db: Sql): UpdateAdmin =>
  updateAdmin(sqlFunctions(db, 'updates'), (filter) => JSON.stringify(filter))

export const restUpdateAdmin = (options: SecretRpcOptions): UpdateAdmin =>
  updateAdmin(rpcFunctions(options, 'updates'), (filter) => filter)
