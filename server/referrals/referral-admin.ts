/**
 * The operators' side of referrals (supabase/migrations/20261129090100_referral_credit.sql): how
 * many referrals stand in each state, the held ones with who they are and why, and an operator's
 * decision on one; the list of held referrals (it shows people) and every decision audited under
 * the Studio user. On this server's own database, or on the hosted project's over its RPC with the
 * secret key.
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import type { SecretRpcOptions } from '../supabase/secret-rpc.ts'
import { rpcFunctions, sqlFunctions, type SqlFunctions } from '../supabase/sql-functions.ts'

/** Why a referral waits for an operator (docs/product.md §13.2). */
export type HoldReason = 'same_visitor' | 'same_network' | 'hourly_limit'

/** A referral held for review: the referred person, their referrer, why, and when. */
export interface HeldReferral {
  /** The referred person's waitlist id: what an operator accepts or rejects. */
  id: string
  email: string
  referrer: { id: string; email: string }
  reason: HoldReason
  signedUpAt: string
  heldAt: string
}

export interface ReferralReview {
  /** Referrals in each state, counts only. */
  counts: Record<'pending' | 'credited' | 'held' | 'refused' | 'rejected' | 'revoked', number>
  placesPerReferral: number
  creditsPerHour: number
  /** The oldest 200 held referrals, oldest first. */
  held: HeldReferral[]
}

export interface ReferralAdmin {
  /** The counts and the held referrals (an audited read of people). */
  review(actor: string): Promise<ReferralReview>
  /** Accepts (credits now) or rejects a held referral; false when it is not held. Audited. */
  decide(actor: string, referredId: string, accept: boolean): Promise<boolean>
}

function referralAdmin({ call }: SqlFunctions): ReferralAdmin {
  return {
    review: (actor) => call('held', { p_actor: actor }),
    decide: (actor, referredId, accept) => call('decide_held', { p_actor: actor, p_referred: referredId, p_accept: accept }),
  }
}

export const sqlReferralAdmin = (db: Sql): ReferralAdmin => referralAdmin(sqlFunctions(db, 'referrals'))

export const restReferralAdmin = (options: SecretRpcOptions): ReferralAdmin => referralAdmin(rpcFunctions(options, 'referrals'))
