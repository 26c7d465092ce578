import { resolve } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { PublicConfig } from '../web/src/app/public-config.ts'
import type { ServerConfig } from './config.ts'
import { contentRoutes } from './content/content-routes.ts'
import { liveRoutes } from './content/live-routes.ts'
import { watchSeedChanges } from './content/seed-changes.ts'
import type { LocalDatasetSource } from './content/local-dataset.ts'
import type { PageContentSource } from './content/page-content.ts'
import type { PageRenderer } from './site/page-renderer.ts'
import { siteRoutes } from './site/site-routes.ts'
import { createPreview } from './preview/preview.ts'
import { previewRoutes } from './preview/preview-routes.ts'
import { healthRoutes } from './health-routes.ts'
import { RequestLog } from './request-log.ts'
import type { Database } from './db/database.ts'
import type { VisitorLoad } from './mail/visitor-load.ts'
import { restRoutes } from './supabase/rest-routes.ts'
import { functionRoutes } from './supabase/function-routes.ts'
import { createSendWelcomeHandler } from '../supabase/functions/_shared/send-welcome.ts'
import { createWelcomeStore } from '../supabase/functions/_shared/welcome-store.ts'

export interface AppDependencies {
  config: ServerConfig
  /** The process's one logger: the app logs through it, as everything before the app did. */
  logger: FastifyBaseLogger
  distDir: string
  renderer: PageRenderer
  pageContent: PageContentSource
  /** Present when the server itself answers Sanity's API from the seed. */
  localDataset?: LocalDatasetSource
  /** Present when the server itself answers supabase-js's two sign-up calls. */
  signups?: { db: Database; onWelcomeRecorded: () => void; visitors: Pick<VisitorLoad, 'track'> }
}

/** What the browser may know: public ids and the anon key, never a secret. */
export function publicConfigOf({ siteUrl, sanity, supabase }: ServerConfig): PublicConfig {
  return {
    siteUrl,
    sanity: {
      projectId: sanity.projectId,
      dataset: sanity.dataset,
      apiVersion: sanity.apiVersion,
      ...(sanity.hosted ? {} : { apiHost: '' }),
    },
    supabase: { url: supabase.url, anonKey: supabase.anonKey },
  }
}

/**
 * The whole site from its dependencies, without listening: tests drive it with inject() or port 0.
 * Each route group is a plugin in a scope of its own, except the site (see site-routes.ts).
 */
export async function buildApp({
  config,
  logger,
  distDir,
  renderer,
  pageContent,
  localDataset,
  signups,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: true,
    // Whole request, headers included, within the timeout, checked every second: a client that
    // trickles its request holds its socket seconds, not forever. Idle keep-alive sockets close
    // after Fastify's 72 s (longer than the usual load balancer's idle timeout); responses, such
    // as the live content stream, are never cut.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    logController: new RequestLog(),
  })
  // On the root, so every route reads request.cookies (the reader's language, the preview).
  await app.register(fastifyCookie)

  await app.register(healthRoutes, {
    checks: {
      content: pageContent,
      ...(signups ? { database: () => signups.db.query('select 1') } : {}),
    },
  })

  if (localDataset) {
    await app.register(contentRoutes, {
      getDataset: () => localDataset.get(),
      projectId: config.sanity.projectId,
      dataset: config.sanity.dataset,
      ...(config.sanity.viewerToken ? { viewerToken: config.sanity.viewerToken } : {}),
    })
    const changes = watchSeedChanges({ source: localDataset, seedDir: resolve(config.seedDir), log: app.log })
    app.addHook('onClose', async () => changes.close())
    await app.register(liveRoutes, { changes, dataset: config.sanity.dataset })
  }

  if (signups) {
    const { db, onWelcomeRecorded, visitors } = signups
    const anonKey = config.supabase.anonKey
    const sendWelcome = createSendWelcomeHandler({
      store: createWelcomeStore(db),
      onRecorded: onWelcomeRecorded,
      log: (level, message, details) => app.log[level](details ?? {}, message),
    })
    await app.register(async (signupScope) => {
      signupScope.addHook('onRequest', async (_request, reply) => visitors.track(reply.raw))
      await signupScope.register(restRoutes, { db, anonKey })
      await signupScope.register(functionRoutes, { anonKey, functions: { 'send-welcome-email': sendWelcome } })
    })
  }

  const preview = createPreview(config, localDataset, () => selfOrigin(app))
  await app.register(previewRoutes, { preview })
  await app.register(siteRoutes, {
    distDir: resolve(distDir),
    renderer,
    pageContent,
    publicConfig: publicConfigOf(config),
    preview,
  })
  return app
}

/** Where this server answers itself (the local preview checks its secret through its own content API). */
function selfOrigin(app: FastifyInstance): string {
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a TCP port')
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
