import { readFile, writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { copy } from './support/copy.ts'
import { gotoHydrated } from './support/page.ts'
import { useOwnServer } from './support/own-server.ts'

const ownServer = useOwnServer('one browser size is enough to follow an edit')

/** Changes the English hero headline in the seed file, as saving in an editor would: the home page's hero section. */
async function publishHeadline(seedFile: string, headline: string) {
  const lines = (await readFile(seedFile, 'utf8')).split('\n').map((line) => {
    if (!line.startsWith('{"_id":"homePage"')) return line
    // The headline can hold variants: its text is the field's default (docs/decisions/0046-copy-experiments.md).
    const home = JSON.parse(line) as { sections: { _type: string; headline?: { default: { en: string } } }[] }
    const hero = home.sections.find((section) => section._type === 'heroSection')
    if (!hero?.headline) throw new Error('the seed’s home page has no hero headline')
    hero.headline.default.en = headline
    return JSON.stringify(home)
  })
  await writeFile(seedFile, lines.join('\n'))
}

test('an edit to the content appears on an open page without a reload', async ({ page }) => {
  const server = ownServer()
  // The page listens to live events and learns the sync tags of what it shows from its first
  // revalidation; an edit published before both would be announced to a page not yet listening.
  const listening = page.waitForResponse((response) => response.url().includes('/data/live/events/'))
  const revalidated = page.waitForResponse((response) => response.url().includes('/data/query/'))
  await gotoHydrated(page, `${server.url}/en`)
  await listening
  await (await revalidated).finished()
  const headline = page.getByRole('heading', { level: 1 })
  await expect(headline).toHaveText(copy.en.headline)
  await page.evaluate(() => {
    ;(window as { notReloaded?: boolean }).notReloaded = true
  })

  // The page refetches because a live event named the edit: its query says which event it has seen.
  // (Without live events the page would refetch once a minute, with no event id; `npm run bench`
  // measures how fast the live path is.)
  const liveRefetch = page.waitForResponse((response) => new URL(response.url()).searchParams.has('lastLiveEventId'))
  await publishHeadline(server.seedFile, 'Reviews written from this morning’s one-on-ones')

  await liveRefetch
  await expect(headline).toHaveText('Reviews written from this morning’s one-on-ones')
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)

  // A visitor arriving now gets the edit in the prerendered HTML, before any script runs.
  const html = await (await page.request.get(`${server.url}/en`)).text()
  expect(html).toContain('Reviews written from this morning’s one-on-ones')
})
