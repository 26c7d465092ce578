import { resolve } from 'node:path'
import { pino } from 'pino'
import { ConfigError, loadConfig } from './config.ts'
import { buildApp } from './app.ts'
import { createLocalDatasetSource } from './content/local-dataset.ts'
import { hostedPageContent, localPageContent } from './content/page-content.ts'
import { loadPageRenderer } from './site/page-renderer.ts'
import { startSignupBackend } from './signups.ts'

const [major] = process.versions.node.split('.').map(Number)
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: this project runs on Node 24 LTS (see .nvmrc).`)
  process.exit(1)
}

async function main() {
  const config = loadConfig(process.env)
  const distDir = resolve('dist')
  const localDataset = config.sanity.hosted
    ? undefined
    : createLocalDatasetSource({
        seedDir: resolve(config.seedDir),
        projectId: config.sanity.projectId,
        dataset: config.sanity.dataset,
      })
  // Read the seed once now, so a broken seed stops the start with its file and line.
  await localDataset?.get()

  const pageContent = localDataset ? localPageContent(localDataset) : hostedPageContent(config)
  const startupLog = pino({ level: config.logLevel })
  const signups = config.supabase.hosted ? undefined : await startSignupBackend(config, pageContent, startupLog)

  const app = await buildApp({
    config,
    distDir,
    renderer: await loadPageRenderer(distDir),
    pageContent,
    ...(localDataset ? { localDataset } : {}),
    ...(signups ? { signups: { db: signups.db, onWelcomeRecorded: signups.sender.kick } } : {}),
  })
  app.addHook('onClose', async () => signups?.close())

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`)
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error)
          process.exit(1)
        },
      )
    })
  }

  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    `Pulso is up at ${config.siteUrl} — content: ${config.sanity.hosted ? `Sanity project ${config.sanity.projectId}/${config.sanity.dataset}` : `seed in ${config.seedDir}`}; sign-ups: ${config.supabase.hosted ? config.supabase.url : 'this server'}`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
