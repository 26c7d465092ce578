// The README's picture of the Experiments tab (docs/experiments-results.png), made as a person would
// see it: the built site (`npm run build` first) over a copy of the seed with one running
// experiment on the hero headline, 1,200 simulated visitors (one address and browser each, as behind
// a proxy), 70 of them signing up from their own browser (the database finds the arm each was shown)
// and most of those confirming, a flood of made-up browsers from one address, then the Launch tool
// opened as `npm run launch:open` opens it, in Chromium, and photographed.
//
//   node scripts/experiments-screenshot.ts
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { browserPathOrExit } from '../e2e/support/browser-path.ts'
import { startTestServer } from '../test/server/test-server.ts'
import { seedExperiment } from '../test/server/experiment-seed.ts'
import { confirmPlace } from '../test/server/confirm-place.ts'
import { freePort } from '../test/free-port.ts'

const ID = 'experiment-3f9c2a71'
const VARIANT = {
  _type: 'localeString',
  pt: 'Avaliações com evidências de cada reunião',
  en: 'Reviews built on evidence from every meeting',
}
const OUT = join(import.meta.dirname, '../docs/experiments-results.png')

const dir = await mkdtemp(join(tmpdir(), 'pulso-screenshot-'))
const seedFile = join(dir, 'seed', 'data.ndjson')
await cp(join(import.meta.dirname, '../studio/seed'), join(dir, 'seed'), { recursive: true })
await seedExperiment(seedFile, {
  id: ID,
  title: 'Headline with evidence',
  section: 'hero',
  field: 'headline',
  variant: VARIANT,
  plannedExposures: 2000,
  startedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
})

const EDITOR_TOKEN = 'a-local-editor-token-for-the-screenshot'
// The tool opens at the site's own address, the only one besides the Studio's its writes may come from.
const port = await freePort()
const server = await startTestServer(
  {
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'true',
    SEED_DIR: join(dir, 'seed'),
    SIGNUP_LIMIT: '100000/1m',
    CAPTCHA: 'off',
    SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
  },
  { build: 'dist' },
)
try {
  const visitorHeaders = (n: number) => ({
    'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`,
    'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`,
  })
  const arms: string[] = []
  for (let n = 0; n < 1200; n++) {
    const page = await fetch(`${server.url}/en`, { headers: visitorHeaders(n) })
    arms.push(/"variants":\["[^"]+:(\w+)"\]/.exec(await page.text())?.[1] ?? 'none')
  }
  // A flood from one address under made-up browsers: one visitor, the rest over the bound.
  for (let n = 0; n < 300; n++)
    await fetch(`${server.url}/en`, { headers: { ...visitorHeaders(5000 + n), 'x-forwarded-for': '10.66.6.6' } })
  await server.experiments?.flush()
  // More sign-ups under the variant: 45 of its visitors, 25 of the default's, each from its own browser;
  // two in three confirm.
  const signers = [...arms.entries()].filter(([, arm]) => arm === 'b').slice(0, 45)
  signers.push(...[...arms.entries()].filter(([, arm]) => arm === 'default').slice(0, 25))
  for (const [n] of signers) {
    const email = `pessoa-${n}@empresa.example`
    await fetch(`${server.url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', 'content-type': 'application/json', ...visitorHeaders(n) },
      body: JSON.stringify({ email, role: 'Gestora', company_size: 'unknown' }),
    })
    if (n % 3 !== 0) await confirmPlace(server.backend, email)
  }

  const { stdout } = await promisify(execFile)(process.execPath, ['server/cli/open-launch-tool.ts'], {
    env: { ...process.env, LAUNCH_SERVER_URL: server.url, SANITY_PROJECT_ID: '', SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN },
  })
  const address = stdout.trim()
  const browser = await chromium.launch({
    executablePath: browserPathOrExit(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })
  await page.goto(address)
  await page.getByRole('tab', { name: 'Experiments' }).click()
  const card = page.getByRole('region', { name: 'Headline with evidence' })
  await card.getByRole('table').waitFor()
  await card.screenshot({ path: OUT })
  await browser.close()
  console.log(`Wrote ${OUT}`)
} finally {
  await server.close()
  await rm(dir, { recursive: true, force: true })
}
