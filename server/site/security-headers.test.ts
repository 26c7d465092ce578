import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { allowInlineSources, allowStudioFraming, securityHeadersHook } from './security-headers.ts'

/** The headers one response gets with the site's helmet options for this environment. */
async function headersFor(
  env: Record<string, string>,
  { preview = false, sources = { script: [] as string[], style: [] as string[] } } = {},
) {
  const config = loadConfig(env)
  const app = Fastify()
  app.addHook('onRequest', securityHeadersHook(config))
  app.get('/', (_request, reply) => {
    allowInlineSources(reply, sources)
    if (preview) allowStudioFraming(reply, config.sanity.studioUrl)
    return reply.send('ok')
  })
  const response = await app.inject('/')
  await app.close()
  return response.headers
}

const directive = (policy: unknown, name: string) =>
  String(policy)
    .split(';')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1)

describe('securityHeaders', () => {
  it('allows only this site offline, with no HSTS on http', async () => {
    const headers = await headersFor({})
    const csp = headers['content-security-policy']
    expect(directive(csp, 'script-src')).toEqual(["'self'"])
    expect(directive(csp, 'style-src')).toEqual(["'self'"])
    expect(directive(csp, 'connect-src')).toEqual(["'self'"])
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"])
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(headers['strict-transport-security']).toBeUndefined()
    expect(headers['x-frame-options']).toBe('DENY')
  })

  it('lets the browser reach hosted Sanity and Supabase when configured, and sends HSTS on https', async () => {
    const headers = await headersFor({
      SITE_URL: 'https://pulso.example',
      SANITY_PROJECT_ID: 'abc123',
      SUPABASE_URL: 'https://xyz.supabase.co',
      SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdef',
    })
    const csp = headers['content-security-policy']
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://abc123.api.sanity.io',
      'https://abc123.apicdn.sanity.io',
      'https://xyz.supabase.co',
    ])
    expect(directive(csp, 'img-src')).toContain('https://cdn.sanity.io')
    expect(csp).toContain('upgrade-insecure-requests')
    expect(headers['strict-transport-security']).toBe('max-age=31536000')
  })

  it('adds a page’s inline scripts and styles by their hashes, and nothing else', async () => {
    const sources = { script: ["'sha256-a'"], style: ["'sha256-b'", "'sha256-c'"] }
    const csp = (await headersFor({}, { sources }))['content-security-policy']
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'sha256-a'"])
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'sha256-b'", "'sha256-c'"])
    expect(directive(csp, 'style-src-attr')).toEqual(["'unsafe-inline'"])
    expect(directive(csp, 'default-src')).toEqual(["'self'"])
  })

  it('lets only the Studio frame a draft preview', async () => {
    const headers = await headersFor({ SANITY_STUDIO_URL: 'https://studio.pulso.example/desk' }, { preview: true })
    expect(directive(headers['content-security-policy'], 'frame-ancestors')).toEqual(['https://studio.pulso.example'])
    expect(headers['x-frame-options']).toBeUndefined()
  })
})
