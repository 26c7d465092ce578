import { resolve } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { z } from 'zod/mini'
import { pino } from 'pino'
import type { ServerConfig } from './config.ts'
import { buildApp } from './app.ts'
import { createLocalDatasetSource } from './sanity/local-dataset.ts'
import { createPublishedClient, hostedPageContent, localPageContent } from './site/page-content.ts'
import { pageRoutesQuery } from './site/page-routes-query.ts'
import { pageRoutesSource } from './site/page-routes-source.ts'
import { createPagePathMemory, memoryPagePathStore, restPagePathStore, sqlPagePathStore } from './site/page-path-memory.ts'
import { whereSignupsLive } from './supabase/secret-rpc.ts'
import { hostedQuery, localQuery, type QuerySource } from './site/query-source.ts'
import { PUBLISHED } from './sanity/query/groq-query.ts'
import { signupPagesQuery } from '../web/src/shared/content/signup-pages-query.ts'
import { signupPagesQueryParser } from '../web/src/shared/content/signup-pages-query.parser.ts'
import { mailCopyQuery } from '../supabase/functions/_shared/delivery/mail-copy-query.ts'
import { mailCopyQueryParser } from '../supabase/functions/_shared/delivery/mail-copy-query.parser.ts'
import { updateContentById } from '../supabase/functions/_shared/updates/update-content.ts'
import { updateEmailQuery } from '../supabase/functions/_shared/updates/update-query.ts'
import { updateEmailsQuery } from '../supabase/functions/_shared/updates/update-list-query.ts'
import { updateEmailsQueryParser } from '../supabase/functions/_shared/updates/update-list-query.parser.ts'
import { privacyNoteVersionQuery } from '../supabase/functions/_shared/welcome/privacy-note-version-query.ts'
import { privacyNoteVersionQueryParser } from '../supabase/functions/_shared/welcome/privacy-note-version-query.parser.ts'
import { contentChecker, uniqueProblems } from '../supabase/functions/_shared/content/content-check.ts'
import type { ContentParser } from '../supabase/functions/_shared/content/content-parser.ts'
import { checkedSource } from '../supabase/functions/_shared/content/checked-source.ts'
import { functionLog } from './supabase/function-log.ts'
import { loadPageRenderer, type PageRenderer } from './site/page-renderer.ts'
import { startSignupBackend, type SignupBackend } from './supabase/signups.ts'
import { startCounting } from './analytics/counting.ts'
import { localEditors } from './sanity/local-editor.ts'
import type { PageCounter } from './analytics/page-counter.ts'
import { experimentSources } from './experiments/experiment-sources.ts'
import { startExperiments, type Experiments } from './experiments/experiments.ts'
import { createMetrics } from './metrics/metrics.ts'
import { observePageViews } from './metrics/observers.ts'
import { registerScrapedGauges } from './metrics/scraped-gauges.ts'
import { restOutboxDepth, sqlOutboxDepth } from './metrics/outbox-depth.ts'
import { startBackups } from './backup/start-backups.ts'
import { newestSnapshot } from './backup/snapshot-files.ts'

export interface ServerOptions {
  /** The build to serve; default `dist` under the working directory. */
  distDir?: string
  /** Default: the build's own prerender. Tests that need no page give a stand-in. */
  renderer?: PageRenderer
  /** What the counting takes as now; tests move it to see salts and visitor hashes expire. */
  clock?: () => Date
}

export interface PulsoServer {
  /** Closing it closes everything the server opened (database, welcome sender, seed watcher). */
  app: FastifyInstance
  /** Present when this server answers the sign-ups itself. */
  signups: SignupBackend | undefined
  /** Present when this server counts page views (its own database, or hosted Supabase with the secret key). */
  analytics: PageCounter | undefined
  /** Present where page views are counted: visitors are assigned to the running copy experiments. */
  experiments: Experiments | undefined
  /** Where the content and the sign-ups go, for the start-up log line. */
  about: Record<string, string>
}

/**
 * The product from its configuration: the content source (the seed or hosted Sanity), the
 * sign-up backend (when Supabase is not hosted) and the app over them, not yet listening.
 * `npm start`, the benchmarks and the integration tests all start the server this way.
 */
export async function createServer(config: ServerConfig, options: ServerOptions = {}): Promise<PulsoServer> {
  const logger: FastifyBaseLogger = pino({ level: config.logLevel })
  const distDir = options.distDir ?? resolve('dist')
  const localDataset = config.sanity.hosted
    ? undefined
    : createLocalDatasetSource({
        seedDir: resolve(config.seedDir),
        projectId: config.sanity.projectId,
        dataset: config.sanity.dataset,
      })
  // Read the seed once now, so a broken seed stops the start with its file and line.
  await localDataset?.get()
  // Every answer is checked against the schema's types where it enters (docs/decisions/0062-content-parsed-where-it-enters.md).
  const contentLog = functionLog(logger)
  const pageContent = localDataset ? localPageContent(localDataset, contentLog) : hostedPageContent(config, contentLog)
  // The sign-up pages and the mail read queries of their own from the same source.
  const contentOf = (query: string, params: Record<string, string> = {}): QuerySource<unknown> =>
    localDataset
      ? localQuery(localDataset, query, PUBLISHED, params)
      : hostedQuery(createPublishedClient(config.sanity), query, params)
  const checked = <Answer extends z.ZodMiniType>(name: string, query: string, parser: ContentParser<Answer>) =>
    checkedSource(name, contentOf(query), contentChecker(parser), contentLog)
  const renderer = options.renderer ?? (await loadPageRenderer(distDir))

  const signupContent = {
    mailCopy: checked('the mail', mailCopyQuery, mailCopyQueryParser),
    privacyNoteVersion: checked('the privacy note’s version', privacyNoteVersionQuery, privacyNoteVersionQueryParser),
    updateContent: updateContentById((params) => contentOf(updateEmailQuery, params), contentLog),
  }
  const signupPagesContent = checked('the sign-up pages', signupPagesQuery, signupPagesQueryParser)
  /** The updates the Launch tool offers to send, by id and subject. */
  const updateDocuments = checked('the updates', updateEmailsQuery, updateEmailsQueryParser)
  /** Every problem the content has now, for the Launch tool: the page's, the sign-up pages', the mail's. */
  const contentProblems = async () =>
    uniqueProblems(
      (
        await Promise.all(
          [
            pageContent,
            pageRoutes,
            signupPagesContent,
            signupContent.mailCopy,
            signupContent.privacyNoteVersion,
            updateDocuments,
          ].map((source) => source.problems()),
        )
      ).flat(),
    )
  const metrics = createMetrics()
  const signups = config.supabase.hosted ? undefined : await startSignupBackend(config, signupContent, logger, metrics)
  const backupDir = resolve(config.backups.dir)
  registerScrapedGauges(
    metrics.registry,
    {
      outboxDepth: whereSignupsLive(config.supabase, signups?.db, sqlOutboxDepth, restOutboxDepth),
      pools: signups?.db.pools,
      newestBackup: signups ? () => newestSnapshot(backupDir) : undefined,
    },
    logger,
  )
  const backups = signups
    ? await startBackups(config, signups.db, logger, (result) => metrics.backups.inc({ result })).catch(
        async (error: unknown) => {
          await signups.close()
          throw error
        },
      )
    : undefined
  // The addresses pages have had, kept where the sign-ups are (or in this process only, the start-up log says).
  const pathStore = whereSignupsLive(config.supabase, signups?.db, sqlPagePathStore, restPagePathStore)
  if (!pathStore) logger.warn('old addresses of pages redirect only until a restart: set SUPABASE_SECRET_KEY to keep them')
  const pathMemory = createPagePathMemory(pathStore ?? memoryPagePathStore(), logger)
  const pageRoutes = pageRoutesSource(
    'the pages’ addresses',
    contentOf(pageRoutesQuery),
    contentLog,
    (routes) => void pathMemory.note(routes),
  )
  const clock = options.clock ?? (() => new Date())
  const analytics = startCounting(config, signups?.db, logger, clock, observePageViews(metrics))
  const experiments = startExperiments(config, signups?.db, logger, clock, experimentSources(config, localDataset))
  const closeBackends = async () => {
    // Counts first: their last write needs the database; so does a snapshot being taken.
    await analytics?.counter.close()
    await experiments?.close()
    await backups?.stop()
    await signups?.close()
  }
  try {
    const app = await buildApp({
      config,
      logger,
      distDir,
      renderer,
      pageContent,
      pageRoutes,
      pathMemory,
      ...(localDataset ? { localDataset } : {}),
      signupPagesContent,
      contentProblems,
      updateDocuments,
      ...(analytics ? { pageViews: analytics.pageViews } : {}),
      ...(experiments ? { experiments } : {}),
      ...(localDataset ? { localEditors: Object.values(await localEditors(config)) } : {}),
      ...(signups ? { signups } : {}),
      metrics,
    })
    app.addHook('onClose', closeBackends)
    return { app, signups, analytics: analytics?.counter, experiments, about: describe(config, signups) }
  } catch (error) {
    await closeBackends()
    throw error
  }
}

function describe({ sanity, seedDir, supabase, mail }: ServerConfig, signups: SignupBackend | undefined) {
  return {
    content: sanity.hosted ? `sanity:${sanity.projectId}/${sanity.dataset}` : `seed:${seedDir}`,
    signups: supabase.hosted ? supabase.url : 'this server',
    ...(signups ? { database: signups.db.kind, mail: mail.smtpUrl ? 'smtp' : 'files' } : {}),
  }
}
