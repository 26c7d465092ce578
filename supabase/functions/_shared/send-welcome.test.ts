import { describe, expect, it, vi } from 'vitest'
import { createSendWelcomeHandler } from './send-welcome.ts'
import type { Locale } from './welcome-email.ts'

/** The waitlist and outbox in memory, with the store's contract: lookups ignore case, one welcome per entry. */
function fakeStore(waitlist: string[]) {
  const listed = new Set(waitlist.map((email) => email.toLowerCase()))
  const welcomes = new Map<string, { email: string; name: string; locale: Locale }>()
  return {
    welcomes,
    record: vi.fn(async (welcome: { email: string; name: string; locale: Locale }) => {
      const key = welcome.email.toLowerCase()
      if (!listed.has(key)) return 'not_listed' as const
      if (welcomes.has(key)) return 'already' as const
      welcomes.set(key, welcome)
      return 'recorded' as const
    }),
  }
}

const post = (body: unknown) =>
  new Request('http://localhost/functions/v1/send-welcome-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

function setup(waitlist = ['ana@empresa.com']) {
  const store = fakeStore(waitlist)
  const onRecorded = vi.fn()
  const log = vi.fn()
  return { store, onRecorded, log, handle: createSendWelcomeHandler({ store, onRecorded, log }) }
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

  it('refuses other methods with 405', async () => {
    const { handle } = setup()
    expect((await handle(new Request('http://localhost/', { method: 'GET' }))).status).toBe(405)
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

  it('answers 404 and records nothing for an address not on the waitlist', async () => {
    const { handle, store, onRecorded } = setup()
    const response = await handle(post({ name: 'Eve', email: 'eve@elsewhere.com', role: 'CTO' }))
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_on_waitlist' })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(store.welcomes.size).toBe(0)
    expect(onRecorded).not.toHaveBeenCalled()
  })

  it('queues the welcome once (202), then answers 200 already_welcomed for the same address', async () => {
    const { handle, store, onRecorded } = setup()
    const first = await handle(post({ name: 'Ana\r\nBcc: x@y.z', email: 'ana@empresa.com', role: 'CTO', lang: 'en' }))
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ status: 'queued' })
    expect(store.record).toHaveBeenCalledWith({
      email: 'ana@empresa.com',
      name: 'Ana Bcc: x@y.z',
      locale: 'en',
    })
    expect(onRecorded).toHaveBeenCalledTimes(1)

    const again = await handle(post({ name: 'Ana', email: 'ANA@Empresa.com', role: 'CTO' }))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ status: 'already_welcomed' })
    expect(store.record).toHaveBeenCalledTimes(2)
    expect(onRecorded).toHaveBeenCalledTimes(1)
    expect(store.welcomes.size).toBe(1)
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
