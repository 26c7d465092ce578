/**
 * The operators' side of the invite waves (supabase/migrations/20261127090000_invite_waves.sql):
 * who is next, a wave sent, the waves and their people, an activation marked by hand; every read
 * of a person and every change audited under the Studio user it names. On this server's own
 * database, or on the hosted project's over its RPC with the secret key. The product the people
 * join reports activations with their invitation's code (`activate`).
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import type { SecretRpcOptions } from '../supabase/secret-rpc.ts'
import { rpcFunctions, sqlFunctions, type SqlFunctions } from '../supabase/sql-functions.ts'

/** The most people one wave lets in. */
export const MAX_WAVE = 1000

/** A confirmed person not yet invited, as the tool shows them before a wave. */
export interface InviteCandidate {
  id: string
  email: string
  name: string | null
  role: string
  locale: 'pt' | 'en'
  createdAt: string
  confirmedAt: string
}

export interface WavePreview {
  /** Confirmed people not yet invited, in all. */
  waiting: number
  /** The next ones, in the order a wave takes them (invites.next_candidates). */
  people: InviteCandidate[]
}

/** A wave as the tool lists it: counts only, nothing personal. */
export interface Wave {
  id: string
  /** How many the wave asked for; fewer are invited when fewer were waiting. */
  requested: number
  invited: number
  activated: number
  /** The invitation emails' state in the mail outbox. */
  mail: { pending: number; sent: number; failed: number }
  createdBy: string
  createdAt: string
}

/** Someone a wave invited. */
export interface Invitee {
  id: string
  email: string
  name: string | null
  invitedAt: string
  activatedAt: string | null
  /** 'product' when the product reported it; else the Studio user who marked it. */
  activatedBy: string | null
  mailStatus: 'pending' | 'sent' | 'failed' | null
}

export interface InviteAdmin {
  /** The next `count` people a wave would invite, and how many wait in all. */
  preview(actor: string, count: number): Promise<WavePreview>
  /**
   * Invites the next `count` people under `waveId`, with their invitation emails and
   * `waitlist.invite.sent` events, in one transaction. A wave id seen before sends nothing more:
   * `repeated` is then true and `wave` is what the first call made.
   */
  sendWave(actor: string, waveId: string, count: number): Promise<{ wave: Wave; repeated: boolean }>
  /** The newest waves first. */
  waves(): Promise<Wave[]>
  /** Null when there is no such wave. */
  people(actor: string, waveId: string): Promise<Invitee[] | null>
  /** False when the person was never invited. */
  markActivated(actor: string, waitlistId: string): Promise<boolean>
  /** The product's report: 'activated' now, 'already' before, null for a code no invitation has. */
  activate(code: string): Promise<'activated' | 'already' | null>
}

function inviteAdmin({ call }: SqlFunctions): InviteAdmin {
  return {
    preview: (actor, count) => call('preview', { p_actor: actor, p_count: count }),
    sendWave: (actor, waveId, count) => call('send_wave', { p_actor: actor, p_wave: waveId, p_count: count }),
    waves: () => call('list_waves', {}),
    people: (actor, waveId) => call('wave_people', { p_actor: actor, p_wave: waveId }),
    markActivated: (actor, waitlistId) => call('mark_activated', { p_actor: actor, p_waitlist_id: waitlistId }),
    activate: (code) => call('activate', { p_code: code }),
  }
}

export const sqlInviteAdmin = (db: Sql): InviteAdmin => inviteAdmin(sqlFunctions(db, 'invites'))

export const restInviteAdmin = (options: SecretRpcOptions): InviteAdmin => inviteAdmin(rpcFunctions(options, 'invites'))
