// Every picture the guides show (docs/pictures/*.png), taken as a person would see it: the built site
// (`npm run build` first) over a copy of the seed with one running experiment on the hero headline and
// one wrong value in the content; 1,200 simulated visitors (one address and browser each, as behind a
// proxy, most from a campaign), 150 of them opening the form and 70 signing up from their own browser
// (the database finds the arm each was shown), two in three confirming; a flood of made-up browsers
// from one address; then the page and the Launch tool, opened as `npm run launch:open` opens it.
//
//   npm run docs:pictures
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Locator, type Page } from 'playwright-core'
import sharp from 'sharp'
import { browserPathOrExit } from '../../e2e/support/browser-path.ts'
import { startTestServer } from '../../test/server/test-server.ts'
import { seedExperiment } from '../../test/server/experiment-seed.ts'
import { freePort } from '../../test/free-port.ts'
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'

const ID = 'experiment-3f9c2a71'
const VARIANT = {
  _type: 'localeString',
  pt: 'Avaliações com evidências de cada reunião',
  en: 'Reviews built on evidence from every meeting',
}
const OUT = join(import.meta.dirname, '../../docs/pictures')
const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Mendes', 'Diego Rocha', 'Elisa Prado', 'Felipe Costa', 'Gabriela Nunes']
const SOURCES = ['linkedin', 'newsletter', 'google']

const dir = await mkdtemp(join(tmpdir(), 'pulso-pictures-'))
const seedFile = join(dir, 'seed', 'data.ndjson')
await cp(join(import.meta.dirname, '../../studio/seed'), join(dir, 'seed'), { recursive: true })
await seedExperiment(seedFile, {
  id: ID,
  title: 'Headline with evidence',
  section: 'hero',
  field: 'headline',
  variant: VARIANT,
  plannedExposures: 2000,
  startedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
})
await writeWrongValue(seedFile, 'platform', 'securityPoints', 'Encrypted at rest and in transit')

const EDITOR_TOKEN = 'a-local-editor-token-for-the-pictures'
// The tool opens at the site's own address, the only one besides the Studio's its writes may come from.
const port = await freePort()
const server = await startTestServer(
  {
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'true',
    SEED_DIR: join(dir, 'seed'),
    SIGNUP_LIMIT: '100000/1m',
    SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
  },
  { build: 'dist' },
)
try {
  const visitorHeaders = (n: number) => ({
    'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`,
    'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`,
  })
  const sourceOf = (n: number) => (n % 4 === 0 ? undefined : SOURCES[n % SOURCES.length])
  const arms: string[] = []
  for (let n = 0; n < 1200; n++) {
    const source = sourceOf(n)
    const page = await fetch(`${server.url}/en${source ? `?utm_source=${source}` : ''}`, { headers: visitorHeaders(n) })
    arms.push(/"variants":\["[^"]+:(\w+)"\]/.exec(await page.text())?.[1] ?? 'none')
  }
  // A flood from one address under made-up browsers: one visitor, the rest over the bound.
  for (let n = 0; n < 300; n++)
    await fetch(`${server.url}/en`, { headers: { ...visitorHeaders(5000 + n), 'x-forwarded-for': '10.66.6.6' } })
  await server.experiments?.flush()
  // More sign-ups under the variant: 45 of its visitors, 25 of the default's, each from its own browser;
  // two in three confirm through their welcome, as its link would.
  const signers = [...arms.entries()].filter(([, arm]) => arm === 'b').slice(0, 45)
  signers.push(...[...arms.entries()].filter(([, arm]) => arm === 'default').slice(0, 25))
  // A form start is the form's proof-of-work challenge: every signer's, and 80 visitors' who stopped there.
  const signing = new Set(signers.map(([n]) => n))
  const starters = [...signing, ...[...arms.keys()].filter((n) => !signing.has(n)).slice(0, 80)]
  for (const n of starters)
    await fetch(`${server.url}/functions/v1/send-welcome-email`, { headers: { apikey: 'local-anon-key', ...visitorHeaders(n) } })
  const welcomes = createWelcomeStore(server.backend.db)
  // The privacy note's version, as the form sends it with the welcome call.
  const consentVersion = await privacyNoteVersion(seedFile)
  for (const [n] of signers) {
    const name = NAMES[n % NAMES.length] ?? 'Ana Souza'
    const email = `${name.toLowerCase().replace(' ', '.')}.${n}@empresa.example`
    const locale = n % 3 === 0 ? 'pt' : 'en'
    await fetch(`${server.url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', 'content-type': 'application/json', ...visitorHeaders(n) },
      body: JSON.stringify({
        email,
        role: n % 2 ? 'Head of People' : 'Engineering manager',
        company_size: 'unknown',
        signup_locale: locale,
        signup_device: 'desktop',
        ...(sourceOf(n) ? { utm_source: sourceOf(n) } : {}),
      }),
    })
    await welcomes.record({ email, name, locale, consentVersion }, new Headers(visitorHeaders(n)), consentVersion)
    if (n % 3 !== 0) {
      const id = (await server.backend.db.query<{ id: string }>('select id from public.waitlist where email = $1', [email]))
        .rows[0]?.id
      if (id) await server.backend.places.confirm(id)
    }
  }

  const { stdout } = await promisify(execFile)(process.execPath, ['server/cli/open-launch-tool.ts'], {
    env: { ...process.env, LAUNCH_SERVER_URL: server.url, SANITY_PROJECT_ID: '', SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN },
  })
  const browser = await chromium.launch({
    executablePath: browserPathOrExit(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })

  await page.goto(`${server.url}/en`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await save(await page.screenshot(), 'home.png')

  await page.goto(stdout.trim())
  const tab = async (name: string) => {
    await page.getByRole('tab', { name }).click()
    return page.getByRole('tabpanel')
  }
  const overview = await tab('Overview')
  await overview.getByRole('table').first().waitFor()
  await shoot(page, overview, 'launch-overview.png')

  const waitlist = await tab('Waitlist')
  await waitlist
    .getByRole('cell', { name: /@empresa\.example/ })
    .first()
    .waitFor()
  await shoot(page, waitlist, 'launch-waitlist.png')

  const waves = await tab('Invite waves')
  await waves.getByRole('button', { name: 'Show who' }).click()
  await waves
    .getByRole('cell', { name: /@empresa\.example/ })
    .first()
    .waitFor()
  await shoot(page, waves, 'launch-waves.png')

  await tab('Experiments')
  const card = page.getByRole('region', { name: 'Headline with evidence' })
  await card.getByRole('table').waitFor()
  await save(await card.screenshot(), 'experiments-results.png')

  const content = await tab('Content')
  await content.getByRole('table', { name: 'Content problems' }).waitFor()
  await shoot(page, content, 'launch-content.png')
  await browser.close()
} finally {
  await server.close()
  await rm(dir, { recursive: true, force: true })
}

/** A value the schema does not allow (a text where a list goes) in a home page section, as an import or a script can write one. */
async function writeWrongValue(file: string, sectionKey: string, field: string, value: unknown) {
  const lines = (await readFile(file, 'utf8')).trimEnd().split('\n')
  const changed = lines.map((line) => {
    const document = JSON.parse(line) as { _id: string; sections?: { _key: string }[] }
    if (document._id !== 'homePage' || !document.sections) return line
    const sections = document.sections.map((section) => (section._key === sectionKey ? { ...section, [field]: value } : section))
    return JSON.stringify({ ...document, sections })
  })
  await writeFile(file, `${changed.join('\n')}\n`)
}

/** The version of the privacy note in the seed, which the form sends as the consent's. */
async function privacyNoteVersion(file: string): Promise<string | undefined> {
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const document = line ? (JSON.parse(line) as { _id: string; version?: string }) : undefined
    if (document?._id === 'privacyNote') return document.version
  }
  return undefined
}

/** The top of a tab's panel, at most a screen high: what a reader sees on opening it. */
async function shoot(page: Page, panel: Locator, name: string) {
  const box = await panel.boundingBox()
  if (!box) throw new Error(`${name}: the panel is not on the page`)
  await save(await page.screenshot({ clip: { ...box, height: Math.min(box.height, 760) }, fullPage: true }), name)
}

/** Written as a palette PNG: a screenshot's few colours make it a fraction of the size, as sharp as before. */
async function save(png: Buffer, name: string) {
  await sharp(png).png({ palette: true, effort: 10 }).toFile(join(OUT, name))
  console.log(`Wrote docs/pictures/${name}`)
}
