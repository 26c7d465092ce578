import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { browserPathOrExit } from './support/browser-path.ts'
import { BASE_URL } from './support/copy.ts'

// PULSO_E2E_PORT lets two runs share a machine (say, a developer's server already on 4173).
const PORT = new URL(BASE_URL).port
const repoRoot = fileURLToPath(new URL('..', import.meta.url))

// The config is read by the runner and again by every worker; workers inherit the runner's env,
// so the server's data directory (a fresh database for each run) is created once, by the runner,
// which removes it when it exits, after it has stopped the server.
if (!process.env.PULSO_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulso-e2e-'))
  process.env.PULSO_E2E_DATA_DIR = dataDir
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))
}

export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  // Specs only: support/ has Vitest unit tests of its own.
  testMatch: '**/*.spec.ts',
  // The migrated embedded database the specs' own servers start from (support/own-server.ts).
  globalSetup: '../test/database/pglite-template-global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // Long multi-step specs (three axe scans, a sign-up with its proof of work) on a busy 2-core
  // machine need room, with or without CI set; a hang still fails.
  timeout: 90_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: browserPathOrExit(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { browserName: 'chromium', viewport: { width: 375, height: 740 }, isMobile: false } },
  ],
  webServer: {
    command: 'node server/main.ts',
    cwd: repoRoot,
    // 200 only once the server listens and its content and database answer.
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.PULSO_E2E_DATA_DIR,
      SITE_URL: BASE_URL,
      // The embedded stack whatever the shell says: PGlite in the run's data dir, mail as .eml files.
      DATABASE_URL: '',
      SMTP_URL: '',
      SANITY_PROJECT_ID: '',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      // Every spec signs up from 127.0.0.1: the per-client limits would stop the suite, so they
      // are wide here (server/supabase/abuse.integration.test.ts proves them). The proof of work stays on.
      TRUST_PROXY: '',
      SIGNUP_LIMIT: '1000/1m',
      WELCOME_LIMIT_PER_CLIENT: '1000/1m',
      LINK_RATE_LIMIT: '1000/1m',
      CAPTCHA: 'on',
      // As `npm run serve` runs it (docs/decisions/0034-two-malloc-arenas.md).
      MALLOC_ARENA_MAX: '2',
    },
  },
})
