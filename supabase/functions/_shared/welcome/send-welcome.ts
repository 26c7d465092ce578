import { corsHeaders } from '@supabase/supabase-js/cors'
import type { CurrentConsentVersion } from './consent-versions.ts'
import { isDatabaseUnavailable } from '../runtime/database-errors.ts'
import { json, readJsonPost, type Log } from '../runtime/http.ts'
import type { ProofOfWork } from '../proof-of-work/proof-of-work.ts'
import { parseWelcomeRequest } from './welcome-request.ts'
import type { RecordOutcome, WelcomeStore } from './welcome-store.ts'

export interface SendWelcomeDependencies {
  store: Pick<WelcomeStore, 'record'>
  /** Absent when the proof of work is turned off (CAPTCHA=off). */
  proofOfWork: ProofOfWork | undefined
  /** The privacy note's current version, from the content: a consent may name it, or one it had before. */
  consentVersion: CurrentConsentVersion
  /** Runs after a welcome is recorded, to deliver it now instead of on the next sweep. */
  onRecorded?: () => void
  /** Runs after a challenge is handed out: the visitor has started the form (form-starts.ts). */
  onChallenge?: (headers: Headers) => void
  /** Told what became of each call (the self-hosted server's metrics). */
  onOutcome?: (outcome: WelcomeCallOutcome) => void
  log: Log
}

/**
 * What became of a call: the outbox's answer to a valid request (`recorded`, `already`, `not_listed`,
 * `mailbox_full`, each answered 202 alike, or `limited`, `unknown_consent`), a challenge handed
 * out, or why it was refused.
 */
export type WelcomeCallOutcome = RecordOutcome['outcome'] | 'challenge' | 'invalid' | 'proof_refused' | 'unavailable' | 'error'

/** Every valid request gets this answer, listed or not (docs/product.md §4.3). */
const QUEUED = { status: 'queued' }

/**
 * GET: a fresh proof-of-work challenge. POST {name, email, role, lang?, consentVersion?, altcha?}:
 * records one welcome for an address on the waitlist and answers; delivery is the sender's job.
 *
 * The answer to a valid request never says whether the address is listed or was welcomed
 * before: 202 queued either way, and nothing is sent to an address not on the list or sent
 * twice. Before that, a request needs an unused proof-of-work solution (when asked for), room in
 * the per-client limit (429 with Retry-After otherwise) and, when it names one, a consent version
 * the privacy note has had (400 otherwise, whoever the address is).
 */
export function createSendWelcomeHandler({
  store,
  proofOfWork,
  consentVersion: current,
  onRecorded,
  onChallenge,
  onOutcome,
  log,
}: SendWelcomeDependencies) {
  return async (request: Request): Promise<Response> => {
    const noted = (outcome: WelcomeCallOutcome, response: Response) => {
      onOutcome?.(outcome)
      return response
    }
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders })
    if (request.method === 'GET' && proofOfWork) {
      const challenge = await proofOfWork.challenge()
      onChallenge?.(request.headers)
      return noted('challenge', json(200, challenge))
    }
    const read = await readJsonPost(request)
    if ('answer' in read) return noted('invalid', read.answer)
    const parsed = parseWelcomeRequest(read.body)
    if (!parsed.ok) return noted('invalid', json(400, { error: 'invalid_request', message: parsed.message }))
    const { name, email, locale, consentVersion, altcha } = parsed.value

    try {
      if (proofOfWork) {
        const proof = await proofOfWork.check(altcha)
        if (proof !== 'valid') return noted('proof_refused', refusedProof(proof))
      }
      // Only addresses on the waitlist get mail (the function cannot be used to email strangers),
      // each once; the answer is the same either way.
      const recorded = await store.record({ email, name, locale, consentVersion }, request.headers, await current())
      if (recorded.outcome === 'limited') return noted('limited', tooMany(recorded.wait))
      if (recorded.outcome === 'unknown_consent') {
        return noted(
          'unknown_consent',
          json(400, {
            error: 'unknown_consent_version',
            message: 'Invalid request: consentVersion is not a version the privacy note has had. Reload the page and try again.',
          }),
        )
      }
      if (recorded.outcome === 'recorded') {
        log('info', 'welcome recorded', { locale })
        onRecorded?.()
      }
      return noted(recorded.outcome, json(202, QUEUED))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (isDatabaseUnavailable(error)) {
        log('warn', 'welcome not recorded, the database is unavailable', { error: reason })
        return noted(
          'unavailable',
          json(503, { error: 'unavailable', message: 'The service is briefly unavailable. Please try again.' }),
        )
      }
      // Data the database refuses (SQLSTATE class 22, such as a NUL in the address) is the request's fault.
      if (/^22/.test(String((error as { code?: unknown }).code))) {
        return noted(
          'invalid',
          json(400, { error: 'invalid_request', message: 'Invalid request: the database refused a value.' }),
        )
      }
      log('error', 'welcome not recorded', { error: reason })
      return noted('error', json(500, { error: 'not_recorded', message: 'The welcome could not be recorded. Please try again.' }))
    }
  }
}

function refusedProof(proof: 'missing' | 'invalid' | 'spent'): Response {
  if (proof === 'missing')
    return json(400, { error: 'proof_of_work_required', message: 'Send the solution of a challenge (GET).' })
  return json(403, {
    error: 'proof_of_work_refused',
    message: proof === 'spent' ? 'This solution was already used.' : 'The solution is invalid or expired.',
  })
}

function tooMany(seconds: number): Response {
  const response = json(429, { error: 'rate_limited', message: `Too many requests. Try again in ${seconds} seconds.` })
  response.headers.set('retry-after', String(seconds))
  return response
}
