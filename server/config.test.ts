import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('runs the embedded stack with no variables set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      siteUrl: 'http://localhost:3000',
      sanity: { projectId: 'local', dataset: 'production', hosted: false },
      supabase: { url: '', hosted: false },
    })
  })

  it('talks to hosted Sanity and Supabase when configured', () => {
    const config = loadConfig({
      SANITY_PROJECT_ID: 'abc123',
      SUPABASE_URL: 'https://xyz.supabase.co',
      SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdef',
      SITE_URL: 'https://pulso.app/',
    })
    expect(config.sanity).toMatchObject({ projectId: 'abc123', hosted: true })
    expect(config.supabase).toEqual({ url: 'https://xyz.supabase.co', anonKey: 'sb_publishable_0123456789abcdef', hosted: true })
    expect(config.siteUrl).toBe('https://pulso.app')
  })

  it('lists every wrong variable in one message', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', SANITY_DATASET: 'Prod!', SITE_URL: 'not a url', SUPABASE_URL: 'https://xyz.supabase.co' })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const message = (error as Error).message
      for (const name of ['PORT', 'SANITY_DATASET', 'SITE_URL', 'SUPABASE_ANON_KEY']) expect(message).toContain(`- ${name}:`)
    }
  })

  it('sends welcomes on defaults that let a launch spike through, and takes the operator’s settings', () => {
    expect(loadConfig({}).mail.delivery).toEqual({
      concurrency: 10,
      perSecond: null,
      leaseSeconds: 5,
      retrySeconds: 2,
      maxAttempts: 10,
      maxAgeSeconds: 86_400,
    })
    expect(loadConfig({}).requestTimeoutMs).toBe(10_000)
    const tuned = loadConfig({
      MAIL_RATE_PER_SECOND: '2',
      MAIL_CONCURRENCY: '4',
      MAIL_MAX_AGE_HOURS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '5',
    })
    expect(tuned.mail.delivery).toMatchObject({ perSecond: 2, concurrency: 4, maxAgeSeconds: 3600 })
    expect(tuned.requestTimeoutMs).toBe(5_000)
    expect(() => loadConfig({ MAIL_RATE_PER_SECOND: '0', MAIL_CONCURRENCY: 'many' })).toThrow(
      /MAIL_RATE_PER_SECOND.*\n.*MAIL_CONCURRENCY|MAIL_CONCURRENCY.*\n.*MAIL_RATE_PER_SECOND/,
    )
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SANITY_PROJECT_ID: '', SITE_URL: '' }).sanity.hosted).toBe(false)
    expect(loadConfig({ MAIL_RATE_PER_SECOND: '' }).mail.delivery.perSecond).toBeNull()
  })
})
