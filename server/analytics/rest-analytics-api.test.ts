import { describe, expect, it } from 'vitest'
import { restAnalyticsApi } from './rest-analytics-api.ts'

/** A stand-in for PostgREST that records each call and answers with `answer`. */
function fakePostgrest(answer: () => Response) {
  const calls: { url: string; headers: Headers; body: unknown }[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) })
    return answer()
  }
  return { calls, fetch: fetch as typeof globalThis.fetch }
}

describe('restAnalyticsApi', () => {
  it('calls the counting functions over /rpc with the secret key in apikey alone', async () => {
    const postgrest = fakePostgrest(() => Response.json(3))
    const api = restAnalyticsApi({
      url: 'https://abc.supabase.co/',
      secretKey: 'sb_secret_0123456789abcdef',
      fetch: postgrest.fetch,
    })
    expect(
      await api.countVisits([
        { day: '2026-11-25', visitor: 'ab'.repeat(16), page_views: 3, language: 'pt', entry_page: '/', device: 'phone' },
      ]),
    ).toBe(3)
    await api.sweep(new Date('2026-11-25T10:00:00Z'), 25)
    expect(postgrest.calls.map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: 'https://abc.supabase.co/rest/v1/rpc/analytics_count_visits',
        body: {
          p_visits: [
            { day: '2026-11-25', visitor: 'ab'.repeat(16), page_views: 3, language: 'pt', entry_page: '/', device: 'phone' },
          ],
        },
      },
      {
        url: 'https://abc.supabase.co/rest/v1/rpc/analytics_sweep',
        body: { p_now: '2026-11-25T10:00:00.000Z', p_retention_months: 25 },
      },
    ])
    const [first] = postgrest.calls
    expect(first?.headers.get('apikey')).toBe('sb_secret_0123456789abcdef')
    expect(first?.headers.get('authorization')).toBeNull()
  })

  it('sends the legacy service-role key as the bearer too', async () => {
    const postgrest = fakePostgrest(() => Response.json({ days: [{ day: '2026-11-25', salt: '00'.repeat(16) }] }))
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl'
    const api = restAnalyticsApi({ url: 'https://abc.supabase.co', secretKey: jwt, fetch: postgrest.fetch })
    expect(await api.salts(new Date('2026-11-25T10:00:00Z'), 'ff'.repeat(16))).toEqual([
      { day: '2026-11-25', salt: '00'.repeat(16) },
    ])
    expect(postgrest.calls[0]?.headers.get('authorization')).toBe(`Bearer ${jwt}`)
  })

  it('fails with the function’s name and PostgREST’s answer when the call is refused', async () => {
    const postgrest = fakePostgrest(() =>
      Response.json({ code: '42501', message: 'permission denied for function analytics_count_visits' }, { status: 401 }),
    )
    const api = restAnalyticsApi({
      url: 'https://abc.supabase.co',
      secretKey: 'sb_secret_0123456789abcdef',
      fetch: postgrest.fetch,
    })
    await expect(api.countVisits([])).rejects.toThrow(/analytics_count_visits answered 401: .*permission denied/)
  })
})
