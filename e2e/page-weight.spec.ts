import { expect, test } from '@playwright/test'
import {
  CONTENT_CHECK_BUDGET_BYTES,
  HTML_BUDGET_BYTES,
  SCRIPT_BUDGET_BYTES,
  sentBytes,
  totalBytes,
  watchScripts,
} from './support/page-weight.ts'
import { langs, copy } from './support/copy.ts'

/** The chunk the first content answer loads to check it (web/src/shared/content/page-content-check.ts). */
const CONTENT_CHECK = /\/assets\/page-content-check-[\w-]+\.js$/

for (const lang of langs) {
  test(`${copy[lang].path} comes compressed, with its styles inline and at most 90 KiB of script until the reader acts`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'what is downloaded does not depend on the window size')
    const scripts = watchScripts(page)
    // The page's own work ends with the fetch it makes once idle: every script it loads by itself is requested by then.
    const idleFetch = page.waitForResponse((response) => response.url().includes('/data/query/'))
    const contentCheck = page.waitForResponse((response) => CONTENT_CHECK.test(response.url()))

    const response = await page.goto(copy[lang].path)
    await idleFetch
    if (!response) throw new Error('no response for the page')

    expect(response.headers()['content-encoding']).toBe('br')
    expect(await sentBytes(response.request())).toBeLessThanOrEqual(HTML_BUDGET_BYTES)
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)

    const first = await scripts.beforeFirstAnswer()
    expect(first.length).toBeGreaterThan(0)
    expect(first.map((script) => script.url).filter((url) => CONTENT_CHECK.test(url))).toEqual([])
    expect(totalBytes(first), `script bytes before the first interaction (budget ${SCRIPT_BUDGET_BYTES})`).toBeLessThanOrEqual(
      SCRIPT_BUDGET_BYTES,
    )

    // The answer loads its check (zod and the page's parser) before it replaces what the page shows.
    await contentCheck
    const later = await scripts.afterFirstAnswer()
    expect(later.map((script) => CONTENT_CHECK.test(script.url))).toEqual([true])
    expect(totalBytes(later), `the content check (budget ${CONTENT_CHECK_BUDGET_BYTES})`).toBeLessThanOrEqual(
      CONTENT_CHECK_BUDGET_BYTES,
    )
  })
}

test('the page’s scripts are one-byte text: no character over U+00FF', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'what is downloaded does not depend on the window size')
  // One such character makes the browser keep a whole script as two-byte text, read twice over by
  // every pass over its source (docs/decisions/0057-one-byte-script-text.md).
  const scripts: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text())
  })
  const contentCheck = page.waitForResponse((response) => CONTENT_CHECK.test(response.url()))
  await page.goto('/')
  await (await contentCheck).finished()

  const texts = await Promise.all(scripts)
  expect(texts.length).toBeGreaterThan(1)
  for (const text of texts) expect([...text].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([])
})
