import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from '@playwright/test'
import { seedFromPgliteTemplate } from '../../test/database/pglite-template.ts'
import { freePort } from '../../test/free-port.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

export interface OwnServer {
  url: string
  /** This server's copy of the seed: edit it as an editor would, nobody else sees it. */
  seedFile: string
  /** Its DATA_DIR (the embedded database, the local editor's token). */
  dataDir: string
  stop(): Promise<void>
}

/**
 * The built site on a port of its own, over a private copy of the seed, for specs that change
 * content (the shared server's content must stay as every other spec expects it).
 */
async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dir = await mkdtemp(join(tmpdir(), 'pulso-e2e-own-'))
  const seedDir = join(dir, 'seed')
  await cp(join(repoRoot, 'studio/seed'), seedDir, { recursive: true })
  // As a first start would leave it: the server migrates it again at start, finding nothing to do.
  await seedFromPgliteTemplate(join(dir, 'data'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      SEED_DIR: seedDir,
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: '',
      SMTP_URL: '',
      SANITY_PROJECT_ID: '',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      // Webhook receivers in specs listen on loopback over plain http.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...env,
    },
  })
  await waitUntilUp(url, child)
  return {
    url,
    seedFile: join(seedDir, 'data.ndjson'),
    dataDir: join(dir, 'data'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Gives the spec's desktop run a server of its own for all its tests (`whyDesktopOnly` says why
 * the phone run is skipped), started with `env` over the defaults above; call the returned function
 * inside a test to reach it.
 */
export function useOwnServer(whyDesktopOnly: string, env: Record<string, string> = {}): () => OwnServer {
  let server: OwnServer | undefined
  // Playwright reads the fixtures a hook uses from its destructuring: this hook uses none.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', whyDesktopOnly)
    // A server's start (and, without the run's template, its first migration) is slow on a busy 2-core machine.
    test.setTimeout(120_000)
    server = await startOwnServer(env)
  })
  test.afterAll(async () => {
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('the own server is started by beforeAll')
    return server
  }
}

async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was up`)
    // 200 only once the server listens and its content and database answer.
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGTERM')
  throw new Error(`the server at ${url} was not up within 90 s`)
}
