import { describe, expect, it, vi } from 'vitest'
import { projectKeys, requireProjectKey } from './api-keys.ts'

const env =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name]

describe('projectKeys', () => {
  it('reads the new keys’ JSON dictionaries and the legacy keys, by kind', () => {
    const values = env({
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_a","mobile":"sb_publishable_b"}',
      SUPABASE_ANON_KEY: 'eyJ.anon',
      SUPABASE_SECRET_KEYS: '{"default":"sb_secret_a"}',
      SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service',
    })
    expect(projectKeys(values, 'public')).toEqual(['sb_publishable_a', 'sb_publishable_b', 'eyJ.anon'])
    expect(projectKeys(values, 'secret')).toEqual(['sb_secret_a', 'eyJ.service'])
  })

  it('does with what there is: no dictionary, a malformed one, empty values', () => {
    expect(projectKeys(env({ SUPABASE_ANON_KEY: 'eyJ.anon' }), 'public')).toEqual(['eyJ.anon'])
    expect(projectKeys(env({ SUPABASE_PUBLISHABLE_KEYS: 'not json', SUPABASE_ANON_KEY: 'k' }), 'public')).toEqual(['k'])
    expect(projectKeys(env({ SUPABASE_SECRET_KEYS: '{"default":""}' }), 'secret')).toEqual([])
  })
})

describe('requireProjectKey', () => {
  const setup = () => {
    const handler = vi.fn(async () => new Response('ok'))
    return { handler, guarded: requireProjectKey(['sb_publishable_a', 'eyJ.anon'], handler) }
  }
  const call = (headers: Record<string, string>, method = 'POST') =>
    new Request('http://localhost/functions/v1/x', { method, headers })

  it.each([
    ['the apikey header', { apikey: 'sb_publishable_a' }],
    ['a bearer token', { authorization: 'Bearer eyJ.anon' }],
    ['either of the two', { apikey: 'wrong', authorization: 'Bearer sb_publishable_a' }],
  ])('lets a request with a known key through in %s', async (_case, headers) => {
    const { handler, guarded } = setup()
    expect((await guarded(call(headers))).status).toBe(200)
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['no key', {}, 'No API key found in request'],
    ['another key', { apikey: 'sb_publishable_x' }, 'Invalid API key'],
    ['a prefix of a key', { apikey: 'sb_publishable_' }, 'Invalid API key'],
  ])('answers 401 with CORS headers, without running the function, for %s', async (_case, headers, message) => {
    const { handler, guarded } = setup()
    const response = await guarded(call(headers))
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toEqual({ error: 'unauthorized', message })
    expect(handler).not.toHaveBeenCalled()
  })

  it('lets the CORS preflight through: browsers send it without a key', async () => {
    const { handler, guarded } = setup()
    await guarded(call({}, 'OPTIONS'))
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('refuses everything when the environment holds no key', async () => {
    const handler = vi.fn(async () => new Response('ok'))
    expect((await requireProjectKey([], handler)(call({ apikey: '' }))).status).toBe(401)
    expect(handler).not.toHaveBeenCalled()
  })
})
