import { join, resolve } from 'node:path'
import { constants as zlib } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { PublicConfig } from '../web/src/shared/config/public-config.ts'
import type { ServerConfig } from './config.ts'
import { contentRoutes } from './sanity/content-routes.ts'
import { liveRoutes } from './sanity/live/live-routes.ts'
import { contentLimits } from './sanity/content-limits.ts'
import { watchSeedChanges } from './sanity/seed-changes.ts'
import type { LocalDatasetSource } from './sanity/local-dataset.ts'
import type { PageContentSource } from './site/page-content.ts'
import type { PageRoutesSource } from './site/page-routes-source.ts'
import type { PagePathMemory } from './site/page-path-memory.ts'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import type { PageRenderer } from './site/page-renderer.ts'
import { siteRoutes } from './site/site-routes.ts'
import { permissionsPolicy, securityHeadersHook } from './site/security-headers.ts'
import { createPreview } from './preview/preview.ts'
import { previewRoutes } from './preview/preview-routes.ts'
import { healthRoutes } from './http/health-routes.ts'
import { answerWithoutInternals } from './http/error-answers.ts'
import { lingerOnRefusedBodies } from './http/refused-body.ts'
import { RequestLog } from './http/request-log.ts'
import { trustProxyOption } from './http/client-address.ts'
import type { SignupBackend } from './supabase/signups.ts'
import { countAsLoad } from './mail/visitor-load.ts'
import { limitConnectionsPerClient } from './http/connection-limits.ts'
import { restRoutes } from './supabase/rest-routes.ts'
import { functionRoutes } from './supabase/function-routes.ts'
import { createSendWelcomeHandler } from '../supabase/functions/_shared/welcome/send-welcome.ts'
import { createWelcomeStore } from '../supabase/functions/_shared/welcome/welcome-store.ts'
import { createWaitlistLinksHandler } from '../supabase/functions/_shared/links/waitlist-links.ts'
import { createReferralStore } from '../supabase/functions/_shared/referrals/referral-store.ts'
import type { SignupPagesContent } from '../web/src/shared/content/signup-pages-copy.ts'
import type { ContentProblem } from '../supabase/functions/_shared/content/content-check.ts'
import { linkRoutes } from './site/link-routes.ts'
import { createLinkActions, hostedLinksFunction, inProcessLinksFunction, type CallLinksFunction } from './site/link-actions.ts'
import { createProofOfWork } from '../supabase/functions/_shared/proof-of-work/proof-of-work.ts'
import { functionLog } from './supabase/function-log.ts'
import type { PageViews } from './analytics/page-views.ts'
import { createLaunch } from './operator/launch.ts'
import { launchRoutes } from './operator/launch-routes.ts'
import { launchPageRoutes } from './operator/launch-page-routes.ts'
import { activationRoutes } from './invites/activation-routes.ts'
import { restInviteAdmin, sqlInviteAdmin } from './invites/invite-admin.ts'
import { whereSignupsLive } from './supabase/secret-rpc.ts'
import { studioWrites, type LocalEditor } from './sanity/studio-writes.ts'
import { studioMembers } from './sanity/studio-members.ts'
import { sameOriginWrites } from './http/same-origin-writes.ts'
import type { Experiments } from './experiments/experiments.ts'
import type { Metrics } from './metrics/metrics.ts'
import { metricsRoutes } from './metrics/metrics-routes.ts'
import { timeRequests } from './metrics/request-timing.ts'
import type { PublishedUpdate } from './updates/update-routes.ts'

/** The product's activation reports, per client address: a product reports one person at a time. */
const ACTIVATION_RATE = { maxHits: 600, perSeconds: 60 }

export interface AppDependencies {
  config: ServerConfig
  /** The process's one logger: the app logs through it, as everything before the app did. */
  logger: FastifyBaseLogger
  distDir: string
  renderer: PageRenderer
  pageContent: PageContentSource
  /** Which page lives at which address (site/page-routes.ts). */
  pageRoutes: PageRoutesSource
  /** The addresses pages had, redirected to where they are now (site/page-path-memory.ts). */
  pathMemory: PagePathMemory
  /** Present when the server itself answers Sanity's API from the seed. */
  localDataset?: LocalDatasetSource
  /** The copy of the pages a sign-up opens (personal links, privacy note); undefined: the fallbacks. */
  signupPagesContent: () => Promise<SignupPagesContent | undefined>
  /** What the content has that its schema does not allow, dropped for fallbacks: the Launch tool lists it. */
  contentProblems?: () => Promise<ContentProblem[]>
  /** The published updates, for the Launch tool's picker; undefined: none readable now. */
  updateDocuments?: () => Promise<readonly PublishedUpdate[] | undefined>
  /** Present when the server itself answers supabase-js's two sign-up calls and the personal links. */
  signups?: SignupBackend
  /** Present when page views are counted (docs/product.md §8). */
  pageViews?: PageViews
  /** Offline: who writes as Studio users would, for the Launch tool's handshake (sanity/local-editor.ts). */
  localEditors?: readonly LocalEditor[]
  /** Present when visitors are assigned to copy experiments (docs/product.md §12): wherever page views are counted. */
  experiments?: Experiments
  /** The server's metrics, answered at `GET /metrics` (docs/operations.md "Metrics"). */
  metrics?: Metrics
}

/** What the browser may know: public ids and the anon key, never a secret. */
export function publicConfigOf({ siteUrl, sanity, supabase, abuse }: ServerConfig): PublicConfig {
  return {
    siteUrl,
    captcha: abuse.captcha !== undefined,
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
  pageRoutes,
  pathMemory,
  localDataset,
  signupPagesContent,
  contentProblems = async () => [],
  updateDocuments,
  signups,
  pageViews,
  localEditors,
  experiments,
  metrics,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: trustProxyOption(config.trustProxy),
    // Whole request, headers included, within the timeout, checked every second: a client that
    // trickles its request holds its socket seconds, not forever. Idle keep-alive sockets close
    // after Fastify's 72 s (longer than the usual load balancer's idle timeout); responses, such
    // as the live content stream, are never cut.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    logController: new RequestLog(),
    // Plugins ask the database as they register (the sign-up routes read its columns and its
    // limits): on two cores at load 12 with the embedded database, that took longer than Fastify's
    // 10 s and the server refused to start. A bound on a hang, not a speed.
    pluginTimeout: 60_000,
  })
  if (config.connections.perClient > 0) limitConnectionsPerClient(app.server, config.connections.perClient)
  // Before any plugin, so every scope without a handler of its own inherits it.
  app.setErrorHandler(answerWithoutInternals)
  if (metrics) timeRequests(app, metrics)
  lingerOnRefusedBodies(app)
  // On the root, so every route reads request.cookies (the reader's language, the preview).
  await app.register(fastifyCookie)
  // On the root too: every response of the site carries the security headers.
  app.addHook('onRequest', securityHeadersHook(config))
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', permissionsPolicy)
  })
  // On the root too, by path: every route of the Launch tool's API, wherever it is registered, takes
  // changes only from the Studio's pages and the site's own (docs/decisions/0058-same-origin-writes.md).
  app.addHook(
    'onRequest',
    sameOriginWrites({
      prefix: '/api/launch/',
      origins: [new URL(config.sanity.studioUrl).origin, new URL(config.siteUrl).origin],
    }),
  )
  // Content answers, sign-up answers and the pages made for one request (a link's page) compressed as
  // they are sent, Brotli or gzip: quality 6 takes about a millisecond for a page and keeps it under
  // 14 KB (quality 4, the default, does not). Kept pages go in the bytes compressed once when they were
  // kept (site/page-cache.ts), built assets in their precompressed twins (site-routes.ts), and the live
  // event stream is written straight to the socket: this leaves all three as they are.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 6 } },
  })

  if (metrics) await app.register(metricsRoutes, { registry: metrics.registry, token: config.metricsToken })
  await app.register(healthRoutes, {
    checks: {
      content: () => pageContent(HOME_PAGE_ID),
      ...(signups ? { database: () => signups.db.query('select 1') } : {}),
    },
  })

  if (localDataset) {
    const changes = watchSeedChanges({ source: localDataset, seedDir: resolve(config.seedDir), log: app.log })
    app.addHook('onClose', async () => changes.close())
    // Each published change is routed at once, so an address a page leaves is remembered even if nobody opened it since.
    changes.subscribe(() => void pageRoutes().catch(() => undefined))
    const { viewerToken } = config.sanity
    // The content API, images and live stream share a scope, so the per-client rates reach them and nothing else.
    await app.register(async (content) => {
      await content.register(contentLimits, { rate: config.contentLimits.rate, viewerToken })
      await content.register(contentRoutes, {
        getDataset: () => localDataset.get(),
        projectId: config.sanity.projectId,
        dataset: config.sanity.dataset,
        ...(viewerToken ? { viewerToken } : {}),
        images: config.contentLimits.imageRenders,
        queryLimits: config.contentQueries,
      })
      await content.register(liveRoutes, { changes, dataset: config.sanity.dataset, streams: config.contentLimits.liveStreams })
      if (localEditors) {
        const seedFile = join(resolve(config.seedDir), 'data.ndjson')
        await content.register(studioWrites, { dataset: config.sanity.dataset, viewerToken, editors: localEditors, seedFile })
        await content.register(studioMembers, { projectId: config.sanity.projectId, viewerToken, members: localEditors })
      }
    })
  }

  let callLinks: CallLinksFunction
  if (signups) {
    const { db, sender, places, linkSecret, proofOfWorkKey, visitors, consentVersion } = signups
    const log = functionLog(app.log)
    const anonKey = config.supabase.anonKey
    const sendWelcome = createSendWelcomeHandler({
      store: createWelcomeStore(db),
      proofOfWork: proofOfWorkKey ? createProofOfWork(db, proofOfWorkKey) : undefined,
      consentVersion,
      onRecorded: sender.kick,
      ...(pageViews ? { onChallenge: pageViews.challengeSent } : {}),
      ...(metrics ? { onOutcome: (outcome: string) => metrics.welcomeCalls.inc({ outcome }) } : {}),
      log,
    })
    const waitlistLinks = createWaitlistLinksHandler({ places, referrals: createReferralStore(db), linkSecret, log })
    await app.register(async (signupScope) => {
      countAsLoad(signupScope, visitors)
      await signupScope.register(restRoutes, {
        db,
        anonKey,
        ...(metrics ? { onOutcome: (outcome: string) => metrics.signups.inc({ outcome }) } : {}),
      })
      await signupScope.register(functionRoutes, {
        anonKey,
        functions: { 'send-welcome-email': sendWelcome, 'waitlist-links': waitlistLinks },
      })
    })
    callLinks = inProcessLinksFunction(waitlistLinks)
  } else {
    // Hosted Supabase holds the sign-ups: the links' pages stay on this site, their work is the edge function's.
    callLinks = hostedLinksFunction(config.supabase)
  }
  await app.register(linkRoutes, {
    renderer,
    publicConfig: publicConfigOf(config),
    content: signupPagesContent,
    retentionDays: config.links.retentionDays,
    links: createLinkActions(callLinks, app.log),
    rate: config.links.rate,
    pageViews,
    referrals: { siteUrl: config.siteUrl },
  })

  const launch = createLaunch(config, signups?.db, () => selfOrigin(app), app.log)
  if ('routes' in launch) {
    await app.register(launchRoutes, {
      prefix: '/api/launch',
      ...launch.routes,
      experiments,
      contentProblems,
      pages: async () => (await pageRoutes()).pages,
      updateDocuments,
      kickMail: signups ? () => signups.sender.kick() : undefined,
      updatePreviews: signups?.updatePreviews,
    })
    await app.register(launchPageRoutes, { distDir: resolve(distDir) })
  } else app.log.info(`the Launch tool is not offered: ${launch.unavailable}`)
  const invites = whereSignupsLive(config.supabase, signups?.db, sqlInviteAdmin, restInviteAdmin)
  if (invites) await app.register(activationRoutes, { admin: invites, key: config.invites.activationKey, rate: ACTIVATION_RATE })

  const preview = createPreview(config, localDataset, () => selfOrigin(app), functionLog(app.log))
  await app.register(previewRoutes, { preview, siteUrl: config.siteUrl })
  await app.register(siteRoutes, {
    distDir: resolve(distDir),
    renderer,
    pageContent,
    pageRoutes,
    pathMemory,
    publicConfig: publicConfigOf(config),
    preview,
    studioUrl: config.sanity.studioUrl,
    pageViews,
    experiments,
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
