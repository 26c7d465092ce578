import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../server/config.ts'
import { createServer } from '../server/create-server.ts'

/**
 * The built product as `npm start` serves it, on a free port with a data directory of its own:
 * the embedded defaults whatever .env or the shell say, unless `env` says otherwise.
 */
export async function startProductServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pulso-bench-'))
  const config = loadConfig({ LOG_LEVEL: 'error', DATA_DIR: dataDir, MAIL_SWEEP_SECONDS: '3600', ...env })
  const { app } = await createServer(config)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    address,
    async stop() {
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
