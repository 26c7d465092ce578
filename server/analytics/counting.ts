/**
 * Where this server's counts go (docs/product.md §8.5): its own database when it answers the
 * sign-ups itself, else the hosted Supabase project's over PostgREST with the secret key. In front of
 * a hosted project without that key nothing is counted, and the start-up log says so.
 */
import type { FastifyBaseLogger } from 'fastify'
import { sqlAnalyticsApi, type AnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { whereSignupsLive } from '../supabase/secret-rpc.ts'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { createPageCounter, type PageCounter, type PageCounterOptions } from './page-counter.ts'
import { createPageViews, type PageViews } from './page-views.ts'
import { restAnalyticsApi } from './rest-analytics-api.ts'

/** The counting functions where the sign-ups are: this server's database, or the hosted project's RPC with the secret key. */
export function analyticsApiFor(config: ServerConfig, db: Database | undefined): AnalyticsApi | undefined {
  return whereSignupsLive(config.supabase, db, sqlAnalyticsApi, restAnalyticsApi)
}

export function startCounting(
  config: ServerConfig,
  db: Database | undefined,
  log: FastifyBaseLogger,
  clock: () => Date,
  observe?: PageCounterOptions['observe'],
): { counter: PageCounter; pageViews: PageViews } | undefined {
  const api = analyticsApiFor(config, db)
  if (!api) {
    log.warn('page views are not counted: set SUPABASE_SECRET_KEY to count them in the hosted project')
    return undefined
  }
  const counter = createPageCounter({
    api,
    site: new URL(config.siteUrl).host,
    clock,
    retentionMonths: config.analytics.retentionMonths,
    perClient: config.analytics.perClient,
    log,
    ...(observe ? { observe } : {}),
  })
  return { counter, pageViews: createPageViews(counter, { siteUrl: config.siteUrl, studioUrl: config.sanity.studioUrl }) }
}
