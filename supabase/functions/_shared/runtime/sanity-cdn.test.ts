import { describe, expect, it, vi } from 'vitest'
import { sanityCdnQuery } from './sanity-cdn.ts'

const project = { projectId: 'abc123', dataset: 'production', apiVersion: '2025-02-19' }

describe('sanityCdnQuery', () => {
  it('asks the project’s CDN for the query and answers its result', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request) => Response.json({ query: '', result: { a: 1 }, ms: 1 }))
    const query = sanityCdnQuery(project, '*[_id == "x"][0]', fetchImpl as typeof fetch)
    expect(await query()).toEqual({ a: 1 })
    const url = new URL(String(fetchImpl.mock.calls[0]?.[0]))
    expect(url.origin).toBe('https://abc123.apicdn.sanity.io')
    expect(url.pathname).toBe('/v2025-02-19/data/query/production')
    expect(url.searchParams.get('query')).toBe('*[_id == "x"][0]')
  })

  it('sends the query’s parameters as JSON, as the HTTP API takes them', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request) => Response.json({ result: [] }))
    await sanityCdnQuery(project, '*[_id == $id]', fetchImpl as typeof fetch, { id: 'update-beta' })()
    const url = new URL(String(fetchImpl.mock.calls[0]?.[0]))
    expect(url.searchParams.get('$id')).toBe('"update-beta"')
  })

  it('asks another host when told, and reuses an answer rather than asking for every welcome', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request) => Response.json({ result: 'copy' }))
    const query = sanityCdnQuery({ ...project, apiHost: 'http://127.0.0.1:9/' }, 'q', fetchImpl as typeof fetch)
    expect(await query()).toBe('copy')
    expect(await query()).toBe('copy')
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(String(fetchImpl.mock.calls[0]?.[0])).toMatch(/^http:\/\/127\.0\.0\.1:9\/v2025-02-19\//)
  })

  it('fails when the API refuses, so the caller falls back to its own copy', async () => {
    const query = sanityCdnQuery(project, 'q', (async () => new Response('nope', { status: 500 })) as typeof fetch)
    await expect(query()).rejects.toThrow(/Sanity answered 500/)
  })
})
