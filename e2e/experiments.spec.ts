import { expect, test, type Browser, type Page, type Response } from '@playwright/test'
import { collectPageErrors, gotoHydrated } from './support/page.ts'
import { useOwnServer } from './support/own-server.ts'
import { browserUserAgent, joinOnPage, launchAddress } from './support/launch-tool.ts'
import { copy, langs } from './support/copy.ts'
import {
  HTML_BUDGET_BYTES,
  SCRIPT_BUDGET_BYTES,
  sentBytes,
  totalBytes,
  watchScripts,
  type SentScript,
} from './support/page-weight.ts'
import { seedExperiment } from '../test/server/experiment-seed.ts'

// Each visitor's address taken from X-Forwarded-For, as behind a proxy: an experiment counts one
// visitor per address a day (docs/decisions/0064), so each browser below comes from an address of its own.
const ownServer = useOwnServer('the experiment changes the content: one server of its own, at one size', {
  TRUST_PROXY: 'true',
})

/** The n-th visitor: a browser of its own (its User-Agent), from an address of its own. */
const visitorContext = (browser: Browser, n: number) =>
  browser.newContext({ userAgent: browserUserAgent(n), extraHTTPHeaders: { 'x-forwarded-for': `10.38.0.${n}` } })

const VARIANT = { pt: 'Avaliações com evidências de cada reunião', en: 'Reviews built on evidence from every meeting' }

/**
 * The layout shifts of the page since it began to load (those not caused by the reader), summed:
 * cumulative layout shift as the browser reports it.
 */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0))
        }).observe({ type: 'layout-shift', buffered: true })
        // No entry at all is no shift: the observer says nothing then.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)))
      }),
  )

/** Visitors, one browser each, until each headline has been served: the page, its server HTML's headline, its layout shift. */
async function visitorsOfBothArms(browser: Browser, siteUrl: string) {
  const seen = new Map<string, { page: Page; shift: number }>()
  for (let n = 1; n <= 40 && seen.size < 2; n++) {
    const page = await (await visitorContext(browser, n)).newPage()
    const response = await gotoHydrated(page, `${siteUrl}/en`)
    const headline = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    // Rendered before it was sent: the server's HTML already holds the visitor's headline (no flash of the default).
    expect(await response?.text()).toContain(`${headline}</h1>`)
    if (seen.has(headline)) await page.context().close()
    else seen.set(headline, { page, shift: await layoutShift(page) })
  }
  return seen
}

test('an editor creates an experiment in the Launch tool, visitors see both arms without a shift, a sign-up counts, the winner is promoted', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const server = ownServer()
  const errors = collectPageErrors(page)
  await page.goto(await launchAddress(server))
  // The proof and the editor's session leave the address at once.
  expect(new URL(page.url()).hash).toBe('')
  await page.getByRole('tab', { name: 'Experiments' }).click()

  // Create it on the hero headline, then start it with the even split offered.
  await expect(page.getByLabel('Text to test')).toHaveValue('homePage.sections[_key=="hero"].headline')
  await page.getByLabel('Name').fill('Shorter headline')
  await page.getByLabel('Variant B (Português)').fill(VARIANT.pt)
  await page.getByLabel('Variant B (English)').fill(VARIANT.en)
  await page.getByRole('button', { name: 'Create experiment' }).click()
  const card = page.getByRole('region', { name: 'Shorter headline' })
  await expect(card.getByText('Draft', { exact: true })).toBeVisible()
  await expect(card.getByLabel('Share of Variant B (%)')).toHaveValue('50')
  await card.getByRole('button', { name: 'Start' }).click()
  await expect(card.getByText('Running', { exact: true })).toBeVisible()

  // Visitors, each a browser of its own: both headlines are served, rendered on the server, with no layout shift.
  const visitors = await visitorsOfBothArms(browser, server.url)
  expect([...visitors.keys()].sort()).toEqual([copy.en.headline, VARIANT.en].sort())
  for (const [headline, { shift }] of visitors)
    expect(shift, `layout shift of the page headed "${headline}"`).toBeLessThanOrEqual(0.01)

  // One of them, shown the variant, signs up: the open tool counts it for the variant, awaiting its
  // confirmation (the arm found by the database from the browser's own request, not sent by it).
  const results = card.getByRole('table', { name: 'Results of Shorter headline' })
  const variantRow = results.getByRole('row', { name: /^Variant B/ })
  const awaiting = (row: typeof variantRow) => row.getByRole('cell').nth(5)
  await expect(awaiting(variantRow)).toHaveText('0')
  // Its exposure is written (the server writes them every second): then its sign-up finds it.
  await expect(variantRow.getByRole('cell').nth(3)).not.toHaveText('0')
  const shownVariant = visitors.get(VARIANT.en)?.page
  if (!shownVariant) throw new Error('no visitor was shown the variant')
  await joinOnPage(shownVariant, { name: 'Ana Souza', email: 'ana.souza@empresa.example' })
  await expect(awaiting(variantRow)).toHaveText('1')
  await expect(awaiting(results.getByRole('row', { name: /^Default/ }))).toHaveText('0')

  // Promoted as the editor: the default changes on the page, for every visitor, and the experiment ends.
  await card.getByRole('button', { name: 'Promote Variant B' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Promote' }).click()
  await expect(card.getByText('Ended', { exact: true })).toBeVisible()
  const anyone = await (await visitorContext(browser, 99)).newPage()
  await gotoHydrated(anyone, `${server.url}/en`)
  await expect(anyone.getByRole('heading', { level: 1 })).toHaveText(VARIANT.en)
  await gotoHydrated(anyone, server.url)
  await expect(anyone.getByRole('heading', { level: 1 })).toHaveText(VARIANT.pt)
  // The visitor who was shown the default has it replaced in the open page, as any published edit is.
  const shownDefault = visitors.get(copy.en.headline)?.page
  if (!shownDefault) throw new Error('no visitor was shown the default')
  await expect(shownDefault.getByRole('heading', { level: 1 })).toHaveText(VARIANT.en)
  // Sanity's history names who promoted it: the Studio user, as the stand-in records it from the session.
  const history = await (
    await fetch(`${server.url}/v2025-02-19/data/history/production/transactions/homePage`, {
      headers: {
        authorization: `Bearer ${new URLSearchParams(new URL(await launchAddress(server)).hash.slice(1)).get('editor')}`,
      },
    })
  ).text()
  expect(
    history
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { author: string }).author),
  ).toEqual(['pLocalEditor', 'pLocalEditor'])
  expect(errors).toEqual([])
})

for (const lang of langs) {
  test(`${copy[lang].path} stays within its budgets for a visitor in a running experiment`, async ({ browser }) => {
    const server = ownServer()
    await seedExperiment(server.seedFile, {
      id: 'experiment-weight',
      title: 'Weight',
      section: 'hero',
      field: 'headline',
      variant: VARIANT,
    })
    const userAgent = browserUserAgent(lang === 'pt' ? 7 : 8)
    // The server takes the seed's new experiment in when it next reads the seed, and a page waits at
    // most 250 ms for its visitor's arms: on a busy machine a page may come without them. Such a
    // page is no measure of this one: it is asked for again, in a fresh window.
    const carriesArm = /"variants":\["experiment-weight:(default|b)"\]/
    const measured: { response: Response | null; scripts?: SentScript[] } = { response: null }
    await expect(async () => {
      const page = await (await browser.newContext({ userAgent })).newPage()
      const scripts = watchScripts(page)
      const idleFetch = page.waitForResponse((response) => response.url().includes('/data/query/'))
      const response = await page.goto(`${server.url}${copy[lang].path}`)
      // This visitor is in the experiment: the page carries its arm (and a visitor outside one, none: page-weight.spec.ts).
      expect(await response?.text()).toMatch(carriesArm)
      expect((await idleFetch).status()).toBe(200)
      // A script request the loaded machine dropped has no size to count: that window is asked again too.
      Object.assign(measured, { response, scripts: await scripts.beforeFirstAnswer() })
    }).toPass({ timeout: 30_000 })
    const { response, scripts } = measured
    if (!response || !scripts) throw new Error('no response for the page')
    const html = await sentBytes(response.request())
    const script = totalBytes(scripts)
    console.log(
      `[weight with an experiment] ${copy[lang].path}: HTML ${html} of ${HTML_BUDGET_BYTES}, first script ${script} of ${SCRIPT_BUDGET_BYTES}`,
    )
    expect(html).toBeLessThanOrEqual(HTML_BUDGET_BYTES)
    expect(script).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES)
  })
}
