import { z } from 'zod'
import { json, readJsonPost, type Log } from '../runtime/http.ts'
import type { ReferralStore } from '../referrals/referral-store.ts'
import { linkPurposes, MAX_LINK_TOKEN_LENGTH, verifyLinkToken } from './link-token.ts'
import type { WaitlistPlaces } from './waitlist-places.ts'

/**
 * Where a personal link stands: `ready` (valid, nothing done yet), `done` (the place is
 * confirmed, or the person is off the list), `gone` (the place no longer exists, and nothing
 * more is known of it), `expired`, or `invalid` (altered, forged, or made for the other action).
 */
export type LinkAnswer = 'ready' | 'done' | 'gone' | 'expired' | 'invalid'

export interface WaitlistLinksDependencies {
  places: Pick<WaitlistPlaces, 'state' | 'confirm' | 'remove'>
  referrals: Pick<ReferralStore, 'standing' | 'sight' | 'leaderboard'>
  /** The key the links were signed with. */
  linkSecret: () => Promise<string>
  log: Log
}

/**
 * Who opened the page, as the site's server saw them (its TRUST_PROXY decides the address). Only
 * hashed, to hold referrals from one network (docs/product.md §13.2). Anyone with the public key
 * can claim any client here, but a claim can only add sightings to the token's own person, which
 * only ever holds their referrals, never credits one.
 */
const clientSchema = z.object({ address: z.string().max(64), userAgent: z.string().max(2048) }).optional()

const linkRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(linkPurposes),
    token: z.string(),
    /** false: only say where the link stands (the page before its button); true: act. */
    apply: z.boolean(),
    client: clientSchema,
  }),
  /** The person's referral status page (docs/product.md §13.1). */
  z.object({ action: z.literal('status'), token: z.string(), client: clientSchema }),
  /** The public leaderboard, when marketers turned it on. */
  z.object({ action: z.literal('leaderboard') }),
])

const STATUS: Record<LinkAnswer, number> = { ready: 200, done: 200, gone: 410, expired: 410, invalid: 400 }

const answer = (state: LinkAnswer) => json(STATUS[state], { state })

/**
 * POST {action: 'confirm' | 'remove', token, apply}: what the welcome's personal links do
 * (docs/product.md §4.5). Confirming records when, in which language and under which consent
 * text, and decides the referral the place is (§13.2); removing deletes the person's inbox from
 * the list, every spelling of it, and remembers it for a while. Both are idempotent: removing
 * again says the person is off the list for as long as that is known. A confirmed place's answer
 * carries where the person stands (their place and personal link, §13.1).
 * POST {action: 'status', token}: the person's standing, for their status page.
 * POST {action: 'leaderboard'}: the leaderboard, or `gone` when it is off.
 * The site's server calls this (in-process when it hosts the sign-ups, over HTTP to the edge
 * function otherwise); the token is the only authority.
 */
export function createWaitlistLinksHandler({ places, referrals, linkSecret, log }: WaitlistLinksDependencies) {
  const standingOf = async (waitlistId: string) => {
    const standing = await referrals.standing(waitlistId)
    return standing ? { standing } : {}
  }

  return async (request: Request): Promise<Response> => {
    const read = await readJsonPost(request)
    if ('answer' in read) return read.answer
    const parsed = linkRequestSchema.safeParse(read.body)
    if (!parsed.success) {
      return json(400, {
        error: 'invalid_request',
        message:
          'Send {action: "confirm" | "remove", token, apply: boolean}, {action: "status", token} or {action: "leaderboard"}.',
      })
    }
    const linkRequest = parsed.data

    try {
      if (linkRequest.action === 'leaderboard') {
        const leaderboard = await referrals.leaderboard()
        return leaderboard ? json(200, { state: 'done', leaderboard }) : answer('gone')
      }
      const { action, token, client } = linkRequest
      // A token of any other shape is a link we never made: the same answer as a forged one.
      if (token.length > MAX_LINK_TOKEN_LENGTH) return answer('invalid')
      const verified = await verifyLinkToken(await linkSecret(), token, action)
      if (!verified.ok) return answer(verified.reason)
      const { waitlistId } = verified

      if (action === 'status') {
        const standing = await referrals.standing(waitlistId)
        if (!standing) return answer('gone')
        if (client) await referrals.sight(waitlistId, client)
        return json(200, { state: 'done', standing })
      }

      if (action === 'confirm') {
        const { apply } = linkRequest
        // Seen before the confirmation decides the referral, so that this visit counts in it.
        if (apply && client) await referrals.sight(waitlistId, client)
        const { state, changed } = apply
          ? await places.confirm(waitlistId)
          : { state: await places.state(waitlistId), changed: false }
        if (state === 'missing' || state === 'removed') return answer('gone')
        if (changed) log('info', 'waitlist place confirmed', { waitlistId })
        return state === 'confirmed' ? json(200, { state: 'done', ...(await standingOf(waitlistId)) }) : answer('ready')
      }

      // "You are off the list" only while that is known to hold: the place was removed at its
      // person's request and no spelling of the inbox can be back. Of a place swept away, or
      // removed longer ago than the mailbox is remembered, only that it is gone.
      if (linkRequest.apply && (await places.remove(waitlistId))) {
        log('info', 'waitlist place removed on request')
        return answer('done')
      }
      const state = await places.state(waitlistId)
      if (state === 'removed') return answer('done')
      return answer(state === 'missing' ? 'gone' : 'ready')
    } catch (error) {
      log('error', 'waitlist link not handled', {
        action: linkRequest.action,
        error: error instanceof Error ? error.message : String(error),
      })
      return json(500, { error: 'unavailable', message: 'The link could not be handled now. Please try again.' })
    }
  }
}
