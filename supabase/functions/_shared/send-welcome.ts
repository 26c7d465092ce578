import { corsHeaders } from '@supabase/supabase-js/cors'
import { isDatabaseUnavailable } from './database-errors.ts'
import { json, type Log } from './http.ts'
import { parseWelcomeRequest } from './welcome-request.ts'
import type { WelcomeStore } from './welcome-store.ts'

export interface SendWelcomeDependencies {
  store: Pick<WelcomeStore, 'record'>
  /** Runs after a welcome is recorded, to deliver it now instead of on the next sweep. */
  onRecorded?: () => void
  log: Log
}

/**
 * POST {name, email, role, lang?}: records one welcome for an address on the waitlist and
 * answers; delivery is the sender's job. An error answer means the welcome was not recorded.
 */
export function createSendWelcomeHandler({ store, onRecorded, log }: SendWelcomeDependencies) {
  return async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders })
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' })

    let body: unknown
    try {
      body = await request.json()
    } catch {
      return json(400, { error: 'invalid_json', message: 'The body must be JSON.' })
    }
    const parsed = parseWelcomeRequest(body)
    if (!parsed.ok) return json(400, { error: 'invalid_request', message: parsed.message })
    const { name, email, locale } = parsed.value

    try {
      const outcome = await store.record({ email, name, locale })
      // Only addresses on the list get mail: the function cannot be used to email strangers.
      if (outcome === 'not_listed')
        return json(404, { error: 'not_on_waitlist', message: 'This address is not on the waitlist.' })
      if (outcome === 'already') return json(200, { status: 'already_welcomed' })
      log('info', 'welcome recorded', { locale })
      onRecorded?.()
      return json(202, { status: 'queued' })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (isDatabaseUnavailable(error)) {
        log('warn', 'welcome not recorded, the database is unavailable', { error: reason })
        return json(503, { error: 'unavailable', message: 'The service is briefly unavailable. Please try again.' })
      }
      // Data the database refuses (SQLSTATE class 22, such as a NUL in the address) is the request's fault.
      if (/^22/.test(String((error as { code?: unknown }).code))) {
        return json(400, { error: 'invalid_request', message: 'Invalid request: the database refused a value.' })
      }
      log('error', 'welcome not recorded', { error: reason })
      return json(500, { error: 'not_recorded', message: 'The welcome could not be recorded. Please try again.' })
    }
  }
}
