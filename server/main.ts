import { ConfigError, loadConfig } from './config.ts'
import { closeGracefully } from './close-gracefully.ts'
import { createServer } from './create-server.ts'

const [major] = process.versions.node.split('.').map(Number)
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: this project runs on Node 24 LTS (see .nvmrc).`)
  process.exit(1)
}

async function main() {
  const config = loadConfig(process.env)
  const { app, about } = await createServer(config)
  closeGracefully(app)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw error
  }
  app.log.info({ url: config.siteUrl, ...about }, 'Pulso is up')
}

// A server that cannot start (a wrong variable, a broken seed, a busy database or port) says why
// on stderr, to the person starting it, whatever LOG_LEVEL is.
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
