import { corsHeaders } from '@supabase/supabase-js/cors'
import { json, readJsonPost, type Log } from './http.ts'
import { parseWelcomeRequest } from './welcome-request.ts'
import type { WelcomeStore } from './welcome-store.ts'

export interface SendWelcomeDependencies {
  store: Pick<WelcomeStore, 'findWaitlistId' | 'record'>
  /** Runs after a welcome is recorded, to deliver it now instead of on the next sweep. */
  onRecorded?: () => void
  log: Log
}

/**
 * POST {name, email, role, lang?, consentVersion?}: records one welcome for an address on the waitlist and
 * answers; delivery is the sender's job. An error answer means the welcome was not recorded.
 */
export function createSendWelcomeHandler({ store, onRecorded, log }: SendWelcomeDependencies) {
  return async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders })
    const read = await readJsonPost(request)
    if ('answer' in read) return read.answer
    const parsed = parseWelcomeRequest(read.body)
    if (!parsed.ok) return json(400, { error: 'invalid_request', message: parsed.message })
    const { name, email, locale, consentVersion } = parsed.value

    try {
      const waitlistId = await store.findWaitlistId(email)
      // Only addresses on the list get mail: the function cannot be used to email strangers.
      if (!waitlistId) return json(404, { error: 'not_on_waitlist', message: 'This address is not on the waitlist.' })
      const outcome = await store.record({ waitlistId, email, name, locale, consentVersion })
      if (outcome === 'already') return json(200, { status: 'already_welcomed' })
      log('info', 'welcome recorded', { waitlistId, locale })
      onRecorded?.()
      return json(202, { status: 'queued' })
    } catch (error) {
      log('error', 'welcome not recorded', { error: error instanceof Error ? error.message : String(error) })
      return json(500, { error: 'not_recorded', message: 'The welcome could not be recorded. Please try again.' })
    }
  }
}
