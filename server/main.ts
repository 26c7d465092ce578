import { loadConfig } from './config.ts'
import { closeGracefully } from './http/close-gracefully.ts'
import { createServer } from './create-server.ts'
import { failureMessage } from './failure-message.ts'

const [major] = process.versions.node.split('.').map(Number)
if ((major ?? 0) < 24) {
  console.error(
    `Node ${process.versions.node} is too old: this project runs on the Node 24 that \`npm install\` puts in node_modules/.bin. Start it with \`npm run serve\` (npm's scripts use that Node), or run node_modules/.bin/node server/main.ts.`,
  )
  process.exit(1)
}

async function main() {
  // Everything this process writes (the embedded database's files, mail, locks) is its owner's alone.
  process.umask(0o077)
  const config = loadConfig(process.env)
  const { app, about } = await createServer(config)
  closeGracefully(app)
  try {
    await app.listen({ port: config.port, host: config.host, backlog: config.connections.backlog })
  } catch (error) {
    await app.close()
    throw error
  }
  app.log.info({ url: config.siteUrl, ...about }, 'Pulso is up')
  if (usesGlibcWithItsDefaultArenas()) {
    app.log.warn(
      'MALLOC_ARENA_MAX is not set: glibc keeps up to 16 malloc arenas, and memory a burst of image renders frees stays with the process. Start it with MALLOC_ARENA_MAX=2 (npm run serve does).',
    )
  }
}

/** docs/decisions/0034-two-malloc-arenas.md: only glibc reads the variable, and only at start. */
function usesGlibcWithItsDefaultArenas(): boolean {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } }
  return report.header?.glibcVersionRuntime !== undefined && process.env.MALLOC_ARENA_MAX === undefined
}

// A server that cannot start (a wrong variable, a broken seed, a busy database or port) says why
// on stderr, to the person starting it, whatever LOG_LEVEL is.
main().catch((error: unknown) => {
  console.error(failureMessage(error))
  process.exit(1)
})
