import { readFile, writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import { campaignPage, campaignPaths, type StoredPage } from '../test/fixtures/campaign-page.ts'
import { useOwnServer } from './support/own-server.ts'
import {
  CONTENT_CHECK,
  CONTENT_CHECK_BUDGET_BYTES,
  CONTENT_CHECK_WORKER,
  ENTRY_SCRIPT,
  HOME_ENTRY_BEFORE_PAGES_BYTES,
  LAZY_SECTION_CHUNK,
  HTML_BUDGET_BYTES,
  SCRIPT_BUDGET_BYTES,
  sentBytes,
  totalBytes,
  watchScripts,
} from './support/page-weight.ts'
import { langs, copy } from './support/copy.ts'

/** Adds the campaign page (test/fixtures/campaign-page.ts) to a server's seed, as publishing it would. */
async function publishCampaignPage(seedFile: string) {
  const lines = (await readFile(seedFile, 'utf8')).split('\n').filter((line) => line.trim())
  const home = lines.map((line) => JSON.parse(line) as StoredPage).find((document) => document._id === HOME_PAGE_ID)
  if (!home) throw new Error('the seed has no home page')
  await writeFile(seedFile, [...lines, JSON.stringify(campaignPage(home))].join('\n') + '\n')
}

/**
 * Opens `url` and measures what it sends until its first content answer and its check have come: the
 * page's response (its HTML, checked as sent), the scripts before that answer (the first script's
 * budget) and those it loads after.
 */
async function measure(page: Page, url: string) {
  const scripts = watchScripts(page)
  // The page's own work ends with the fetch it makes once idle: every script it loads by itself is requested by then.
  const idleFetch = page.waitForResponse((response) => response.url().includes('/data/query/'))
  const contentCheck = page.waitForResponse((response) => CONTENT_CHECK_WORKER.test(response.url()))
  const response = await page.goto(url)
  await idleFetch
  if (!response) throw new Error('no response for the page')

  expect(response.headers()['content-encoding']).toBe('br')
  expect(await sentBytes(response.request())).toBeLessThanOrEqual(HTML_BUDGET_BYTES)
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)

  const first = await scripts.beforeFirstAnswer()
  expect(first.length).toBeGreaterThan(0)
  expect(first.map((script) => script.url).filter((url) => CONTENT_CHECK.test(url) || LAZY_SECTION_CHUNK.test(url))).toEqual([])
  expect(totalBytes(first), `script bytes before the first interaction (budget ${SCRIPT_BUDGET_BYTES})`).toBeLessThanOrEqual(
    SCRIPT_BUDGET_BYTES,
  )
  // The answer loads its check (a worker with zod and the page's parser) before it replaces what the page shows.
  await contentCheck
  return { first, later: await scripts.afterFirstAnswer() }
}

for (const lang of langs) {
  test(`${copy[lang].path} comes compressed, with its styles inline and at most 90 KiB of script until the reader acts`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'what is downloaded does not depend on the window size')
    const { first, later } = await measure(page, copy[lang].path)
    // The renderer of section types paid for itself: the entry is not larger than before pages.
    const entry = first.find((script) => ENTRY_SCRIPT.test(script.url))
    expect(entry?.bodyBytes).toBeLessThanOrEqual(HOME_ENTRY_BEFORE_PAGES_BYTES)
    // Only the check: none of the section types the home page does not use, ever.
    expect(later.map((script) => CONTENT_CHECK.test(script.url))).toEqual([true, true])
    expect(totalBytes(later), `the content check (budget ${CONTENT_CHECK_BUDGET_BYTES})`).toBeLessThanOrEqual(
      CONTENT_CHECK_BUDGET_BYTES,
    )
  })
}

test.describe('a campaign page with an FAQ, a logo row and rich text', () => {
  const ownServer = useOwnServer('what is downloaded does not depend on the window size')

  test.beforeAll(async () => {
    const server = ownServer()
    await publishCampaignPage(server.seedFile)
    // Routed once the server has read the edited seed: it answers the page, not the not-found one.
    await expect.poll(async () => (await fetch(`${server.url}${campaignPaths.pt}`)).status, { timeout: 30_000 }).toBe(200)
  })

  for (const lang of langs) {
    test(`${campaignPaths[lang]} is held to the home page’s budgets, and loads its section types after its first answer`, async ({
      page,
    }) => {
      const server = ownServer()
      const chunks = ['faq-section', 'logo-row-section', 'rich-text-section'].map((name) =>
        page.waitForResponse((response) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(response.url())),
      )
      // measure() finds none of them among the first scripts: each comes after the first answer, in its chunk.
      const { first } = await measure(page, `${server.url}${campaignPaths[lang]}`)
      expect(first.filter((script) => ENTRY_SCRIPT.test(script.url))).toHaveLength(1)
      await Promise.all(chunks)
      // Each type is in the HTML before any script runs.
      await expect(
        page.getByRole('region', { name: lang === 'pt' ? 'Perguntas frequentes' : 'Frequently asked questions' }),
      ).toBeVisible()
    })
  }
})

test('the page’s scripts are one-byte text: no character over U+00FF', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'what is downloaded does not depend on the window size')
  // One such character makes the browser keep a whole script as two-byte text, read twice over by
  // every pass over its source (docs/decisions/0057-one-byte-script-text.md).
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  const contentCheck = page.waitForResponse((response) => CONTENT_CHECK_WORKER.test(response.url()))
  await page.goto('/')
  await (await contentCheck).finished()

  // Read again from the site: the check's worker has ended by now, and its response with it.
  const texts = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()))
  expect(texts.length).toBeGreaterThan(1)
  for (const text of texts) expect([...text].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([])
})
