import { expect, test } from '@playwright/test'
import { HTML_BUDGET_BYTES, SCRIPT_BUDGET_BYTES, sentBytes } from './support/page-weight.ts'
import { langs, copy } from './support/copy.ts'

for (const lang of langs) {
  test(`${copy[lang].path} comes compressed, with its styles inline and at most 90 KiB of script until the reader acts`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'what is downloaded does not depend on the window size')
    const scripts: Promise<number>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(sentBytes(request))
    })
    // The page's own work ends with the fetch it makes once idle: every script it loads by itself is requested by then.
    const idleFetch = page.waitForResponse((response) => response.url().includes('/data/query/'))

    const response = await page.goto(copy[lang].path)
    await idleFetch
    if (!response) throw new Error('no response for the page')

    expect(response.headers()['content-encoding']).toBe('br')
    expect(await sentBytes(response.request())).toBeLessThanOrEqual(HTML_BUDGET_BYTES)
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)

    const scriptBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scriptBytes, `script bytes before the first interaction (budget ${SCRIPT_BUDGET_BYTES})`).toBeLessThanOrEqual(
      SCRIPT_BUDGET_BYTES,
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
  const idleFetch = page.waitForResponse((response) => response.url().includes('/data/query/'))
  await page.goto('/')
  await idleFetch

  const texts = await Promise.all(scripts)
  expect(texts.length).toBeGreaterThan(0)
  for (const text of texts) expect([...text].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([])
})
