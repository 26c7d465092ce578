import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

/** The message loadConfig stops with, for a test to read. */
function problems(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('expected the configuration to be refused')
}

const rsaPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SANITY_PROJECT_ID: '', SITE_URL: '' }).sanity.hosted).toBe(false)
  })

  it('keeps unconfirmed places 30 days and leaves the link key to the database unless told otherwise', () => {
    expect(loadConfig({}).links).toEqual({ secret: undefined, retentionDays: 30 })
    const secret = 'x'.repeat(32)
    expect(loadConfig({ LINK_SECRET: secret, UNCONFIRMED_RETENTION_DAYS: '7' }).links).toEqual({ secret, retentionDays: 7 })
  })

  it('refuses a short link key and a retention period outside 1 to 365 days', () => {
    const message = problems({ LINK_SECRET: 'short', UNCONFIRMED_RETENTION_DAYS: '0' })
    expect(message).toContain('- LINK_SECRET: at least 32 characters')
    expect(message).toContain('- UNCONFIRMED_RETENTION_DAYS:')
    expect(problems({ UNCONFIRMED_RETENTION_DAYS: '366' })).toContain('- UNCONFIRMED_RETENTION_DAYS:')
  })

  it('signs with DKIM when the domain, selector and an RSA key are all set, the key also as one line with \\n', () => {
    expect(loadConfig({}).mail.dkim).toBeUndefined()
    const oneLine = rsaPem.trim().replace(/\n/g, '\\n')
    expect(loadConfig({ DKIM_DOMAIN: 'Pulso.app', DKIM_SELECTOR: 'pulso2026', DKIM_PRIVATE_KEY: oneLine }).mail.dkim).toEqual({
      domainName: 'pulso.app',
      keySelector: 'pulso2026',
      privateKey: rsaPem.trim(),
    })
  })

  it('names each DKIM variable missing when only some are set, and refuses a key that is not an RSA private key', () => {
    const partial = problems({ DKIM_DOMAIN: 'pulso.app' })
    expect(partial).toContain('- DKIM_SELECTOR: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together')
    expect(partial).toContain('- DKIM_PRIVATE_KEY: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together')
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    for (const key of ['not a key', ed25519]) {
      expect(problems({ DKIM_DOMAIN: 'pulso.app', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: key })).toContain(
        '- DKIM_PRIVATE_KEY: an RSA private key in PEM',
      )
    }
    expect(problems({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: rsaPem })).toContain('- DKIM_DOMAIN:')
  })
})
