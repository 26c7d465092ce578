// In front of hosted Supabase the site server still counts (docs/product.md §8.5): it calls the same
// SQL functions over PostgREST's /rpc with the secret key, which runs them as service_role, and the
// welcome edge function counts form starts in the same visits. PostgREST is stood in for here by a
// small server that does what it does with such a call (test/server/stand-in-postgrest.ts), on a real
// database of each kind.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInPostgrest } from '../../test/server/stand-in-postgrest.ts'
import { sqlAnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { createFormStartCounter } from '../../supabase/functions/_shared/analytics/form-starts.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import { loadConfig } from '../config.ts'
import { createServer, type PulsoServer } from '../create-server.ts'
import { openDatabase, type Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { publicConfigOf } from '../app.ts'
import { standInPage } from '../../test/server/test-server.ts'

const SECRET_KEY = 'sb_secret_hosted-counting-test-key'
const SITE_URL = 'https://pulso.example'
const visitor = {
  address: '198.51.100.23',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
}

describe.each(databaseVariants)('counting in front of hosted Supabase, on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let workDir: string
  let db: Database
  let postgrest: FastifyInstance
  const sites: PulsoServer[] = []

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    workDir = await mkdtemp(join(tmpdir(), 'pulso-hosted-counting-'))
    db = await openDatabase({ databaseUrl: throwaway.env.DATABASE_URL, dataDir: workDir })
    await migrate(db, 'supabase/migrations')
    postgrest = await standInPostgrest(db, SECRET_KEY, /^analytics_[a-z_]+$/)
  }, 60_000)

  afterAll(async () => {
    for (const site of sites) await site.app.close()
    await postgrest?.close()
    await db?.close()
    await dropDatabase?.()
    await rm(workDir, { recursive: true, force: true })
  })

  async function siteServer(secretKey: string) {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SITE_URL,
      TRUST_PROXY: 'true',
      DATA_DIR: join(workDir, 'data'),
      SUPABASE_URL: `http://127.0.0.1:${(postgrest.server.address() as { port: number }).port}`,
      SUPABASE_ANON_KEY: 'sb_publishable_hosted-counting-test-key',
      SUPABASE_SECRET_KEY: secretKey,
    })
    const site = await createServer(config, {
      distDir: join(workDir, 'dist'),
      renderer: standInPage,
    })
    sites.push(site)
    return { site, config }
  }

  const view = (site: PulsoServer, path: string) =>
    site.app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'text/html', 'x-forwarded-for': visitor.address, 'user-agent': visitor.userAgent },
    })

  it('counts the pages it sends through /rpc with the secret key, and the edge function adds the form start to the same visit', async () => {
    const { site, config } = await siteServer(SECRET_KEY)
    expect(site.signups).toBeUndefined()
    expect(JSON.stringify(publicConfigOf(config))).not.toContain(SECRET_KEY)
    for (const path of ['/en?utm_source=newsletter&utm_campaign=launch', '/en/privacy', '/']) {
      expect((await view(site, path)).statusCode).toBe(200)
    }
    await site.analytics?.flush()
    expect(site.analytics?.stats()).toMatchObject({ written: 3, dropped: 0 })

    // The edge function sees the visitor through Cloudflare's header, and hashes with the site's host.
    const countFormStart = createFormStartCounter(sqlAnalyticsApi(db), new URL(SITE_URL).host)
    await countFormStart(new Headers({ 'cf-connecting-ip': visitor.address, 'user-agent': visitor.userAgent }), SITE_URL)

    const today = utcDay(new Date())
    expect(await sqlAnalyticsApi(db).report(today, today, {})).toMatchObject({
      totals: { visitors: 1, page_views: 3, form_starts: 1 },
      by_campaign: [{ campaign: 'launch', visitors: 1 }],
    })
  })

  it('serves every page when the key is refused, and says why it counted nothing', async () => {
    const { site } = await siteServer('sb_secret_a-key-the-project-does-not-have')
    expect((await view(site, '/')).statusCode).toBe(200)
    await site.analytics?.flush()
    expect(site.analytics?.stats()).toMatchObject({ written: 0, dropped: 1 })
  })
})
