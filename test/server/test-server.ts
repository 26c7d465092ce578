// Test and benchmark helper: the server as createServer makes it, in this process, over a working
// directory of its own, listening on a free port.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { createServer, type PulsoServer } from '../../server/create-server.ts'
import type { PageRenderer } from '../../server/site/page-renderer.ts'
import { seedFromPgliteTemplate } from '../database/pglite-template.ts'

export interface TestServer extends PulsoServer {
  url: string
  /** The sign-up backend, which a test server always has. */
  backend: NonNullable<PulsoServer['signups']>
  /** Closes the server and removes its working directory. */
  close(): Promise<void>
}

/** A page for servers whose tests never look at it: no build needed. */
export const standInPage: PageRenderer = {
  render: () => ({ status: 200, html: '<html></html>', sources: { script: [], style: [] } }),
}

/**
 * Quiet unless the test says otherwise; `env` is read as the environment is at start-up (with PORT,
 * the server listens there; without, on a free port). Given
 * `build` (a `dist` directory), the server serves that build as `npm start` does; otherwise a
 * stand-in page (`renderer`, an empty page unless given), with no `npm run build` needed.
 */
export async function startTestServer(
  env: Record<string, string>,
  {
    listen = true,
    build,
    clock,
    renderer = standInPage,
  }: { listen?: boolean; build?: string; clock?: () => Date; renderer?: PageRenderer } = {},
): Promise<TestServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'pulso-test-server-'))
  await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: join(workDir, 'data'), ...env })
  if (!config.databaseUrl && !env['DATA_DIR']) await seedFromPgliteTemplate(config.dataDir)
  const server = await createServer(config, {
    ...(build ? { distDir: build } : { distDir: join(workDir, 'dist'), renderer }),
    ...(clock ? { clock } : {}),
  })
  if (!server.signups) throw new Error('this server should answer the sign-ups itself')
  // On PORT when the caller names one (a browser must open the site at its SITE_URL), else on a free port.
  const url = listen ? await server.app.listen({ port: env['PORT'] ? config.port : 0, host: '127.0.0.1' }) : ''
  return {
    ...server,
    url,
    backend: server.signups,
    async close() {
      await server.app.close()
      await rm(workDir, { recursive: true, force: true })
    },
  }
}

/**
 * The built product (`dist`, or another build's directory) as `npm start` serves it, for the
 * benchmarks: the embedded defaults whatever .env or the shell say, unless `env` says otherwise.
 * Stop it with `close()`.
 */
export const startProductServer = (env: Record<string, string> = {}, build = 'dist') =>
  startTestServer({ LOG_LEVEL: 'error', MAIL_SWEEP_SECONDS: '3600', ...env }, { build })
