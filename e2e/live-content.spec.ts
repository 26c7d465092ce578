import { readFile, writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { copy } from './support/copy.ts'
import { gotoHydrated } from './support/page.ts'
import { startOwnServer, type OwnServer } from './support/own-server.ts'

/** README, "Edits go live": a published edit reaches open pages within 5 seconds. */
const LIVE_EDIT_BOUND_MS = 5_000

let server: OwnServer

// Playwright reads the fixtures a hook uses from its destructuring: this hook uses none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser size is enough to follow an edit')
  // A fresh server migrates a fresh embedded database first: slow on a busy 2-core machine.
  test.setTimeout(120_000)
  server = await startOwnServer()
})

test.afterAll(async () => {
  await server?.stop()
})

/** Changes the English hero headline in the seed file, as saving in an editor would. */
async function publishHeadline(seedFile: string, headline: string) {
  const lines = (await readFile(seedFile, 'utf8')).split('\n').map((line) => {
    if (!line.startsWith('{"_id":"hero"')) return line
    const hero = JSON.parse(line) as { headline: { en: string } }
    hero.headline.en = headline
    return JSON.stringify(hero)
  })
  await writeFile(seedFile, lines.join('\n'))
}

test('an edit to the content appears on an open page without a reload', async ({ page }) => {
  await gotoHydrated(page, `${server.url}/en`)
  const headline = page.getByRole('heading', { level: 1 })
  await expect(headline).toHaveText(copy.en.headline)
  await page.evaluate(() => {
    ;(window as { notReloaded?: boolean }).notReloaded = true
  })

  await publishHeadline(server.seedFile, 'Reviews written from this morning’s one-on-ones')

  await expect(headline).toHaveText('Reviews written from this morning’s one-on-ones', { timeout: LIVE_EDIT_BOUND_MS })
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)

  // A visitor arriving now gets the edit in the prerendered HTML, before any script runs.
  const html = await (await page.request.get(`${server.url}/en`)).text()
  expect(html).toContain('Reviews written from this morning’s one-on-ones')
})
