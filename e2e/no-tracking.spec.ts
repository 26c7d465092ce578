import { expect, test } from '@playwright/test'
import { gotoHydrated } from './support/page.ts'
import { useOwnServer } from './support/own-server.ts'

// Counting needs nothing from the browser (docs/product.md §8): a visit from a campaign and a
// sign-up, proof of work included, leave no cookie and no key in any of the site's storage.
const ownServer = useOwnServer('what a browser keeps does not depend on its window size')

test('a visit and a sign-up leave no cookie, no local or session storage and no IndexedDB on the site', async ({
  page,
  context,
}) => {
  const server = ownServer()
  await gotoHydrated(page, `${server.url}/en?utm_source=newsletter&utm_medium=email&utm_campaign=launch`)
  const form = page.locator('#freeTrial form')
  await form.getByLabel('Name').fill('Jane Roberts')
  await form.getByLabel('Role').fill('Head of People')
  await form.getByLabel('Work email').fill(`no-tracking-${Date.now()}@empresa.com`)
  const welcomed = page.waitForResponse(
    (response) => response.url().endsWith('/functions/v1/send-welcome-email') && response.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Request free trial' }).click()
  expect((await welcomed).status()).toBe(202)
  await expect(page.getByRole('alert')).toContainText('Registration Successful!')

  expect(await context.cookies()).toEqual([])
  const kept = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((database) => database.name),
  }))
  expect(kept).toEqual({ local: [], session: [], indexedDB: [] })
})
