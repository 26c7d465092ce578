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

  it('sends welcomes on defaults that let a launch spike through, and takes the operator’s settings', () => {
    expect(loadConfig({}).mail.delivery).toEqual({
      concurrency: 10,
      perSecond: null,
      updatePerSecond: null,
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

  it('caps connections per client address, except behind a proxy, and sizes the listen backlog', () => {
    expect(loadConfig({}).connections).toEqual({ perClient: 256, backlog: 4096 })
    expect(loadConfig({ TRUST_PROXY: 'true' }).connections.perClient).toBe(0)
    expect(loadConfig({ TRUST_PROXY: 'true', CONNECTIONS_PER_CLIENT: '1000' }).connections.perClient).toBe(1000)
    expect(loadConfig({ CONNECTIONS_PER_CLIENT: '0', LISTEN_BACKLOG: '512' }).connections).toEqual({ perClient: 0, backlog: 512 })
    const message = problems({ CONNECTIONS_PER_CLIENT: '-1', LISTEN_BACKLOG: '0' })
    expect(message).toContain('- CONNECTIONS_PER_CLIENT:')
    expect(message).toContain('- LISTEN_BACKLOG:')
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SANITY_PROJECT_ID: '', SITE_URL: '' }).sanity.hosted).toBe(false)
    expect(loadConfig({ MAIL_RATE_PER_SECOND: '' }).mail.delivery.perSecond).toBeNull()
  })

  it('keeps unconfirmed places 30 days and leaves the link key to the database unless told otherwise', () => {
    const defaultRate = { maxHits: 60, perSeconds: 60 }
    expect(loadConfig({}).links).toEqual({ secret: undefined, retentionDays: 30, removalMemoryDays: 30, rate: defaultRate })
    const secret = 'x'.repeat(32)
    expect(
      loadConfig({ LINK_SECRET: secret, UNCONFIRMED_RETENTION_DAYS: '7', REMOVAL_MEMORY_DAYS: '90', LINK_RATE_LIMIT: '5/1m' })
        .links,
    ).toEqual({
      secret,
      retentionDays: 7,
      removalMemoryDays: 90,
      rate: { maxHits: 5, perSeconds: 60 },
    })
  })

  it('refuses a short link key, and a retention or removal-memory period outside 1 to 365 days', () => {
    const message = problems({ LINK_SECRET: 'short', UNCONFIRMED_RETENTION_DAYS: '0' })
    expect(message).toContain('- LINK_SECRET: at least 32 characters')
    expect(message).toContain('- UNCONFIRMED_RETENTION_DAYS:')
    expect(problems({ UNCONFIRMED_RETENTION_DAYS: '366' })).toContain('- UNCONFIRMED_RETENTION_DAYS:')
    for (const days of ['0', '366', '2.5', 'month'])
      expect(problems({ REMOVAL_MEMORY_DAYS: days })).toContain('- REMOVAL_MEMORY_DAYS:')
    expect(problems({ LINK_RATE_LIMIT: 'lots' })).toContain('- LINK_RATE_LIMIT: a count and a window')
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

describe('the Launch tool’s people level', () => {
  it('goes to administrators by default, read with the viewer token unless a members token is given', () => {
    const config = loadConfig({ SANITY_PROJECT_ID: 'abc123', SANITY_VIEWER_TOKEN: 'v'.repeat(24) })
    expect(config.launch.people).toEqual({ roles: ['administrator'], users: [] })
    expect(config.sanity.membersToken).toBe('v'.repeat(24))
    const given = loadConfig({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_VIEWER_TOKEN: 'v'.repeat(24),
      SANITY_MEMBERS_TOKEN: 'm'.repeat(24),
    })
    expect(given.sanity.membersToken).toBe('m'.repeat(24))
  })

  it('takes the roles and the user ids the team names, or none of the roles', () => {
    const config = loadConfig({ LAUNCH_PEOPLE_ROLES: 'administrator, people-ops', LAUNCH_PEOPLE_USERS: 'p7Yx2Kq,pAbC_9' })
    expect(config.launch.people).toEqual({ roles: ['administrator', 'people-ops'], users: ['p7Yx2Kq', 'pAbC_9'] })
    expect(loadConfig({ LAUNCH_PEOPLE_ROLES: 'none', LAUNCH_PEOPLE_USERS: 'p7Yx2Kq' }).launch.people).toEqual({
      roles: [],
      users: ['p7Yx2Kq'],
    })
  })

  it('names a wrong role or user id', () => {
    const message = problems({
      LAUNCH_PEOPLE_ROLES: 'administrator,,',
      LAUNCH_PEOPLE_USERS: 'ana@empresa.example',
      SANITY_MEMBERS_TOKEN: 'short',
    })
    expect(message).toContain('LAUNCH_PEOPLE_ROLES: a comma-separated list of Sanity role names')
    expect(message).toContain('LAUNCH_PEOPLE_USERS: a comma-separated list of Sanity user ids (such as p7Yx2Kq)')
    expect(message).toContain('SANITY_MEMBERS_TOKEN: a Sanity API token whose role may read the project’s members')
  })
})

describe('abuse settings', () => {
  it('trusts no proxy, asks for proof of work and keeps the database’s limits by default', () => {
    const { trustProxy, abuse } = loadConfig({})
    expect(trustProxy).toBe(false)
    expect(abuse.limits).toEqual({})
    expect(abuse.captcha).toEqual({ hmacKey: undefined })
  })

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['loopback, 10.0.0.0/8, 2001:db8::/32', ['loopback', '10.0.0.0/8', '2001:db8::/32']],
  ])('reads TRUST_PROXY=%s as Fastify does', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it.each(['yes', '10.0.0.1/33', 'proxy.example', '10.0.0.1,'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/)
  })

  it('reads limits as a count per window', () => {
    const { abuse } = loadConfig({
      SIGNUP_LIMIT: '5/10m',
      WELCOME_LIMIT_PER_CLIENT: '100/1h',
      WELCOME_LIMIT_PER_RECIPIENT: '3/1d',
    })
    expect(abuse.limits).toEqual({
      signup: { maxHits: 5, perSeconds: 600 },
      welcome_client: { maxHits: 100, perSeconds: 3600 },
      welcome_recipient: { maxHits: 3, perSeconds: 86_400 },
    })
    expect(() => loadConfig({ SIGNUP_LIMIT: '0/10m' })).toThrow(/SIGNUP_LIMIT/)
    expect(() => loadConfig({ SIGNUP_LIMIT: 'ten' })).toThrow(/SIGNUP_LIMIT/)
  })

  it('bounds the content endpoints by default, each bound from its own variable', () => {
    expect(loadConfig({}).contentLimits).toEqual({
      rate: {
        query: { maxHits: 600, perSeconds: 60 },
        images: { maxHits: 600, perSeconds: 60 },
        live: { maxHits: 120, perSeconds: 60 },
      },
      liveStreams: { perClient: 8, total: 1000, idleMs: 900_000 },
      imageRenders: { atOnce: 1, queued: 8, maxCost: 8e6, timeoutSeconds: 10 },
    })
    const set = loadConfig({
      QUERY_RATE_LIMIT: '10/1s',
      IMAGE_RATE_LIMIT: '20/1m',
      LIVE_RATE_LIMIT: '3/1h',
      LIVE_STREAMS_PER_CLIENT: '2',
      LIVE_STREAMS_TOTAL: '50',
      LIVE_IDLE_MINUTES: '1',
      IMAGE_RENDERS_AT_ONCE: '2',
      IMAGE_RENDER_QUEUE: '0',
      IMAGE_RENDER_MAX_MEGAPIXELS: '4.5',
      IMAGE_RENDER_TIMEOUT_SECONDS: '3',
    }).contentLimits
    expect(set).toEqual({
      rate: {
        query: { maxHits: 10, perSeconds: 1 },
        images: { maxHits: 20, perSeconds: 60 },
        live: { maxHits: 3, perSeconds: 3600 },
      },
      liveStreams: { perClient: 2, total: 50, idleMs: 60_000 },
      imageRenders: { atOnce: 2, queued: 0, maxCost: 4.5e6, timeoutSeconds: 3 },
    })
    const wrong = () =>
      loadConfig({
        QUERY_RATE_LIMIT: 'many',
        LIVE_STREAMS_PER_CLIENT: '0',
        IMAGE_RENDERS_AT_ONCE: 'two',
        LIVE_IDLE_MINUTES: '-1',
      })
    expect(wrong).toThrow(/QUERY_RATE_LIMIT[\s\S]*LIVE_STREAMS_PER_CLIENT[\s\S]*LIVE_IDLE_MINUTES[\s\S]*IMAGE_RENDERS_AT_ONCE/)
  })

  it('turns the proof of work off with CAPTCHA=off, and keeps a given key', () => {
    expect(loadConfig({ CAPTCHA: 'off' }).abuse.captcha).toBeUndefined()
    const hmacKey = 'k'.repeat(32)
    expect(loadConfig({ ALTCHA_HMAC_KEY: hmacKey }).abuse.captcha).toEqual({ hmacKey })
    expect(() => loadConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA/)
  })
})

describe('loadConfig: content query bounds', () => {
  it('bounds queries for a small machine by default, and reads each bound from its variable', () => {
    expect(loadConfig({}).contentQueries).toEqual({
      workers: 1,
      timeLimitMs: 1000,
      workerMemoryMb: 64,
      answerLimitBytes: 4 * 1024 * 1024,
      queue: 4,
      maxQueryChars: 32 * 1024,
    })
    expect(
      loadConfig({
        CONTENT_QUERY_WORKERS: '2',
        CONTENT_QUERY_TIME_LIMIT_MS: '250',
        CONTENT_QUERY_WORKER_MEMORY_MB: '128',
        CONTENT_QUERY_ANSWER_LIMIT_KB: '512',
        CONTENT_QUERY_QUEUE: '0',
        CONTENT_QUERY_MAX_CHARS: '4096',
      }).contentQueries,
    ).toEqual({ workers: 2, timeLimitMs: 250, workerMemoryMb: 128, answerLimitBytes: 512 * 1024, queue: 0, maxQueryChars: 4096 })
  })

  it('names each bound out of range', () => {
    const message = problems({ CONTENT_QUERY_WORKERS: '0', CONTENT_QUERY_TIME_LIMIT_MS: 'soon', CONTENT_QUERY_QUEUE: '-1' })
    expect(message).toMatch(/CONTENT_QUERY_WORKERS/)
    expect(message).toMatch(/CONTENT_QUERY_TIME_LIMIT_MS/)
    expect(message).toMatch(/CONTENT_QUERY_QUEUE/)
  })

  describe('counting', () => {
    const hosted = { SUPABASE_URL: 'https://xyz.supabase.co', SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdef' }
    const serviceRoleJwt = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"role":"service_role"}').toString('base64url')}.c2lnbmF0dXJl`
    const anonJwt = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"role":"anon"}').toString('base64url')}.c2lnbmF0dXJl`

    it('keeps aggregates 25 months and counts 120 requests a minute per client by default', () => {
      expect(loadConfig({}).analytics).toEqual({ retentionMonths: 25, perClient: { maxHits: 120, perSeconds: 60 } })
      expect(loadConfig({ ANALYTICS_RETENTION_MONTHS: '13', ANALYTICS_LIMIT: '30/1m' }).analytics).toEqual({
        retentionMonths: 13,
        perClient: { maxHits: 30, perSeconds: 60 },
      })
      expect(problems({ ANALYTICS_RETENTION_MONTHS: '0', ANALYTICS_LIMIT: 'lots' })).toMatch(
        /ANALYTICS_RETENTION_MONTHS:[\s\S]*ANALYTICS_LIMIT:/,
      )
    })

    it('takes the hosted project’s secret key, or its legacy service-role key', () => {
      expect(loadConfig({ ...hosted, SUPABASE_SECRET_KEY: 'sb_secret_0123456789abcdef' }).supabase.secretKey).toBe(
        'sb_secret_0123456789abcdef',
      )
      expect(loadConfig({ ...hosted, SUPABASE_SECRET_KEY: serviceRoleJwt }).supabase.secretKey).toBe(serviceRoleJwt)
      expect(loadConfig(hosted).supabase.secretKey).toBeUndefined()
    })

    it('refuses a publishable or anon key as the secret key, the anon key itself, and a secret key without a hosted project', () => {
      expect(problems({ ...hosted, SUPABASE_SECRET_KEY: 'sb_publishable_0123456789abcdef' })).toContain(
        '- SUPABASE_SECRET_KEY: the project’s secret key',
      )
      expect(problems({ ...hosted, SUPABASE_SECRET_KEY: anonJwt })).toContain('- SUPABASE_SECRET_KEY:')
      expect(
        problems({ SUPABASE_URL: hosted.SUPABASE_URL, SUPABASE_ANON_KEY: serviceRoleJwt, SUPABASE_SECRET_KEY: serviceRoleJwt }),
      ).toContain('- SUPABASE_SECRET_KEY: the same as SUPABASE_ANON_KEY')
      expect(problems({ SUPABASE_SECRET_KEY: 'sb_secret_0123456789abcdef' })).toContain(
        '- SUPABASE_SECRET_KEY: only with SUPABASE_URL',
      )
    })
  })

  describe('operations', () => {
    it('takes no snapshots and keeps metrics to this machine unless told otherwise', () => {
      const config = loadConfig({})
      expect(config.backups).toEqual({ everyMs: undefined, keep: 7, dir: 'backups' })
      expect(config.metricsToken).toBeUndefined()
    })

    it('reads the snapshots’ period in seconds, minutes, hours or days, how many to keep and where', () => {
      expect(loadConfig({ BACKUP_EVERY: '1d', BACKUP_KEEP: '14', BACKUP_DIR: '/var/backups/pulso' }).backups).toEqual({
        everyMs: 86_400_000,
        keep: 14,
        dir: '/var/backups/pulso',
      })
      expect(loadConfig({ BACKUP_EVERY: '6h' }).backups.everyMs).toBe(21_600_000)
      expect(loadConfig({ BACKUP_EVERY: '90s' }).backups.everyMs).toBe(90_000)
    })

    it('names a wrong period, a count to keep out of range, a short token, and a schedule in front of hosted Supabase', () => {
      const refused = problems({ BACKUP_EVERY: 'daily', BACKUP_KEEP: '0', METRICS_TOKEN: 'short' })
      expect(refused).toContain('- BACKUP_EVERY: a count and a unit, like 1d or 6h')
      expect(refused).toContain('- BACKUP_KEEP:')
      expect(refused).toContain('- METRICS_TOKEN: at least 32 characters')
      expect(
        problems({
          BACKUP_EVERY: '1d',
          SUPABASE_URL: 'https://xyz.supabase.co',
          SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdef',
        }),
      ).toContain('- BACKUP_EVERY: the sign-ups are in hosted Supabase')
    })
  })
})
