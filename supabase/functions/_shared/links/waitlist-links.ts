import { z } from 'zod'
import { json, readJsonPost, type Log } from '../runtime/http.ts'
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
  /** The key the links were signed with. */
  linkSecret: () => Promise<string>
  log: Log
}

const linkRequestSchema = z.object({
  action: z.enum(linkPurposes),
  token: z.string(),
  /** false: only say where the link stands (the page before its button); true: act. */
  apply: z.boolean(),
})

const STATUS: Record<LinkAnswer, number> = { ready: 200, done: 200, gone: 410, expired: 410, invalid: 400 }

const answer = (state: LinkAnswer) => json(STATUS[state], { state })

/**
 * POST {action: 'confirm' | 'remove', token, apply}: what the welcome's personal links do
 * (docs/product.md §4.5). Confirming records when, in which language and under which consent
 * text; removing deletes the person's inbox from the list, every spelling of it, and remembers it
 * for a while. Both are idempotent: removing again says the person is off the list for as long as
 * that is known. The site's
 * server calls this (in-process when it hosts the sign-ups, over HTTP to the edge function
 * otherwise); the token is the only authority.
 */
export function createWaitlistLinksHandler({ places, linkSecret, log }: WaitlistLinksDependencies) {
  return async (request: Request): Promise<Response> => {
    const read = await readJsonPost(request)
    if ('answer' in read) return read.answer
    const parsed = linkRequestSchema.safeParse(read.body)
    if (!parsed.success) {
      return json(400, { error: 'invalid_request', message: 'Send {action: "confirm" | "remove", token, apply: boolean}.' })
    }
    const { action, token, apply } = parsed.data
    // A token of any other shape is a link we never made: the same answer as a forged one.
    if (token.length > MAX_LINK_TOKEN_LENGTH) return answer('invalid')

    try {
      const verified = await verifyLinkToken(await linkSecret(), token, action)
      if (!verified.ok) return answer(verified.reason)
      const { waitlistId } = verified

      if (action === 'confirm') {
        const { state, changed } = apply
          ? await places.confirm(waitlistId)
          : { state: await places.state(waitlistId), changed: false }
        if (state === 'missing' || state === 'removed') return answer('gone')
        if (changed) log('info', 'waitlist place confirmed', { waitlistId })
        return answer(state === 'confirmed' ? 'done' : 'ready')
      }

      // "You are off the list" only while that is known to hold: the place was removed at its
      // person's request and no spelling of the inbox can be back. Of a place swept away, or
      // removed longer ago than the mailbox is remembered, only that it is gone.
      if (apply && (await places.remove(waitlistId))) {
        log('info', 'waitlist place removed on request')
        return answer('done')
      }
      const state = await places.state(waitlistId)
      if (state === 'removed') return answer('done')
      return answer(state === 'missing' ? 'gone' : 'ready')
    } catch (error) {
      log('error', 'waitlist link not handled', { action, error: error instanceof Error ? error.message : String(error) })
      return json(500, { error: 'unavailable', message: 'The link could not be handled now. Please try again.' })
    }
  }
}
