import { describe, expect, it, vi } from 'vitest'
import { createSendWelcomeHandler } from './send-welcome.ts'
import type { Locale } from './welcome-email.ts'
import type { ProofCheck } from '../proof-of-work/proof-of-work.ts'
import type { RecordOutcome } from './welcome-store.ts'

/** The privacy note's version now, as the content gives it. */
const CURRENT_VERSION = '2026-12-01'

type Welcome = { email: string; name: string; locale: Locale; consentVersion?: string }

/**
 * The waitlist and outbox in memory, with the store's contract: lookups ignore case, one welcome
 * per entry; the note's current version is recorded, and a consent must name a recorded one.
 */
function fakeStore(waitlist: string[]) {
  const listed = new Set(waitlist.map((email) => email.toLowerCase()))
  const versions = new Set(['2026-11-23'])
  const welcomes = new Map<string, Welcome>()
  return {
    welcomes,
    record: vi.fn(async (welcome: Welcome, _client: Headers, current?: string): Promise<RecordOutcome> => {
      if (current !== undefined) versions.add(current)
      if (welcome.consentVersion !== undefined && !versions.has(welcome.consentVersion)) return { outcome: 'unknown_consent' }
      const key = welcome.email.toLowerCase()
      if (!listed.has(key)) return { outcome: 'not_listed' }
      if (welcomes.has(key)) return { outcome: 'already' }
      welcomes.set(key, welcome)
      return { outcome: 'recorded' }
    }),
  }
}

const post = (body: unknown) =>
  new Request('http://localhost/functions/v1/send-welcome-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** A proof of work whose verdict a test chooses. */
const fakeProofOfWork = () => ({
  challenge: vi.fn(async () => ({
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 1, keyLength: 32, keyPrefix: '00' },
  })),
  check: vi.fn(async (payload: string | undefined): Promise<ProofCheck> => (payload ? 'valid' : 'missing')),
})

function setup(waitlist = ['ana@empresa.com'], { captcha = false } = {}) {
  const store = fakeStore(waitlist)
  const proofOfWork = captcha ? fakeProofOfWork() : undefined
  const onRecorded = vi.fn()
  const log = vi.fn()
  const consentVersion = vi.fn(async (): Promise<string | undefined> => CURRENT_VERSION)
  return {
    store,
    proofOfWork,
    onRecorded,
    log,
    consentVersion,
    handle: createSendWelcomeHandler({ store, proofOfWork, consentVersion, onRecorded, log }),
  }
}

describe('createSendWelcomeHandler', () => {
  it('answers the CORS preflight with 204 and every header supabase-js sends', async () => {
    const { handle, store } = setup()
    const response = await handle(new Request('http://localhost/', { method: 'OPTIONS' }))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((name) => name.trim())
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']))
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(store.record).not.toHaveBeenCalled()
  })

  it('refuses other methods with 405, GET too when there is no proof of work to hand out', async () => {
    const { handle } = setup()
    expect((await handle(new Request('http://localhost/', { method: 'GET' }))).status).toBe(405)
    expect((await handle(new Request('http://localhost/', { method: 'DELETE' }))).status).toBe(405)
  })

  it('answers 400 for a body that is not JSON or not valid, naming the problem', async () => {
    const { handle, store } = setup()
    const notJson = await handle(post('{oops'))
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ error: 'invalid_json' })
    const invalid = await handle(post({ name: 'Ana', email: 'nope', role: 'CTO' }))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('email:') })
    expect(store.record).not.toHaveBeenCalled()
  })

  it('answers an address not on the waitlist as any other (202 queued) and records nothing', async () => {
    const { handle, store, onRecorded } = setup()
    const response = await handle(post({ name: 'Eve', email: 'eve@elsewhere.com', role: 'CTO' }))
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ status: 'queued' })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(store.welcomes.size).toBe(0)
    expect(onRecorded).not.toHaveBeenCalled()
  })

  it('queues the welcome once, and answers a repeat exactly the same without a second welcome or a new name', async () => {
    const { handle, store, onRecorded } = setup()
    const first = await handle(post({ name: 'Ana\r\nBcc: x@y.z', email: 'ana@empresa.com', role: 'CTO', lang: 'en' }))
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ status: 'queued' })
    expect(store.record).toHaveBeenCalledWith(
      { email: 'ana@empresa.com', name: 'Ana Bcc: x@y.z', locale: 'en' },
      expect.any(Headers),
      CURRENT_VERSION,
    )
    expect(onRecorded).toHaveBeenCalledTimes(1)

    const again = await handle(post({ name: 'Mallory', email: 'ana@EMPRESA.com.', role: 'CTO' }))
    expect(again.status).toBe(202)
    expect(await again.json()).toEqual({ status: 'queued' })
    expect(store.record).toHaveBeenCalledTimes(2)
    expect(onRecorded).toHaveBeenCalledTimes(1)
    expect([...store.welcomes.values()]).toEqual([expect.objectContaining({ name: 'Ana Bcc: x@y.z' })])
  })

  it('answers 429 with Retry-After when the client or the recipient is over its limit', async () => {
    const { handle, store, onRecorded } = setup()
    store.record.mockResolvedValueOnce({ outcome: 'limited', wait: 540 })
    const limited = await handle(post({ name: 'Ana', email: 'Ana@Empresa.com', role: 'CTO' }))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('540')
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' })
    expect(store.record).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'Ana@empresa.com' }),
      expect.any(Headers),
      CURRENT_VERSION,
    )
    expect(onRecorded).not.toHaveBeenCalled()
  })

  it('records a consent version the privacy note has had, now or before, and refuses any other with 400', async () => {
    const { handle, store, onRecorded } = setup(['ana@empresa.com', 'bia@empresa.com'])
    for (const [email, consentVersion] of [
      ['ana@empresa.com', CURRENT_VERSION],
      ['bia@empresa.com', '2026-11-23'],
    ] as const) {
      expect((await handle(post({ name: 'Ana', email, role: 'CTO', consentVersion }))).status).toBe(202)
    }
    expect([...store.welcomes.values()].map((welcome) => welcome.consentVersion)).toEqual([CURRENT_VERSION, '2026-11-23'])

    // Listed or not, the same answer: the version is checked before the address is looked up.
    for (const email of ['cai@empresa.com', 'ana@empresa.com']) {
      const refused = await handle(post({ name: 'Eve', email, role: 'CTO', consentVersion: 'never-shown:v0' }))
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({
        error: 'unknown_consent_version',
        message: 'Invalid request: consentVersion is not a version the privacy note has had. Reload the page and try again.',
      })
    }
    expect(store.welcomes.size).toBe(2)
    expect(onRecorded).toHaveBeenCalledTimes(2)
  })

  it('asks the store for recorded versions only when the content cannot say which is current', async () => {
    const { handle, store, consentVersion } = setup()
    consentVersion.mockResolvedValueOnce(undefined)
    await handle(post({ name: 'Ana', email: 'ana@empresa.com', role: 'CTO', consentVersion: CURRENT_VERSION }))
    expect(store.record).toHaveBeenCalledWith(expect.anything(), expect.any(Headers), undefined)
  })

  describe('with the proof of work on', () => {
    it('hands out a challenge on GET', async () => {
      const { handle, proofOfWork } = setup(undefined, { captcha: true })
      const response = await handle(new Request('http://localhost/', { method: 'GET' }))
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256' } })
      expect(proofOfWork?.challenge).toHaveBeenCalledTimes(1)
    })

    it.each<[ProofCheck, number, string]>([
      ['missing', 400, 'proof_of_work_required'],
      ['invalid', 403, 'proof_of_work_refused'],
      ['spent', 403, 'proof_of_work_refused'],
    ])('refuses a %s solution (%i), before any limit or lookup', async (verdict, status, error) => {
      const { handle, store, proofOfWork } = setup(undefined, { captcha: true })
      proofOfWork?.check.mockResolvedValueOnce(verdict)
      const response = await handle(post({ name: 'Ana', email: 'ana@empresa.com', role: 'CTO', altcha: 'c29sdXRpb24=' }))
      expect(response.status).toBe(status)
      expect(await response.json()).toMatchObject({ error })
      expect(store.record).not.toHaveBeenCalled()
    })

    it('records the welcome with a valid solution, checking the payload it was sent', async () => {
      const { handle, store, proofOfWork } = setup(undefined, { captcha: true })
      const response = await handle(post({ name: 'Ana', email: 'ana@empresa.com', role: 'CTO', altcha: 'c29sdXRpb24=' }))
      expect(response.status).toBe(202)
      expect(proofOfWork?.check).toHaveBeenCalledWith('c29sdXRpb24=')
      expect(store.record).toHaveBeenCalledTimes(1)
    })
  })

  it('answers 500 not_recorded when the store fails, without calling onRecorded', async () => {
    const { handle, store, onRecorded, log } = setup()
    store.record.mockRejectedValueOnce(new Error('connection refused'))
    const response = await handle(post({ name: 'Ana', email: 'ana@empresa.com', role: 'CTO' }))
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(JSON.parse(body)).toMatchObject({ error: 'not_recorded' })
    // The cause goes to the log, not to the visitor.
    expect(body).not.toContain('connection refused')
    expect(onRecorded).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith('error', 'welcome not recorded', { error: 'connection refused' })
  })

  it('answers 400 when the database refuses a value (SQLSTATE class 22), not 500', async () => {
    const { handle, store, onRecorded } = setup()
    store.record.mockRejectedValueOnce(
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    )
    const response = await handle(post({ name: 'Ana', email: 'ana@empresa.com', role: 'CTO' }))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'invalid_request' })
    expect(onRecorded).not.toHaveBeenCalled()
  })

  it('answers 503 when the database is unavailable, so the visitor can simply try again', async () => {
    const { handle, store, onRecorded, log } = setup()
    store.record.mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
    const response = await handle(post({ name: 'Ana', email: 'ana@empresa.com', role: 'CTO' }))
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ error: 'unavailable' })
    expect(onRecorded).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith('warn', 'welcome not recorded, the database is unavailable', {
      error: 'connect ECONNREFUSED 127.0.0.1:5432',
    })
  })
})
