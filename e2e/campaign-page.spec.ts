// Issue 39's done-when, in Chromium, offline: an editor builds a campaign page through the same writes
// the Studio makes (Sanity's mutate endpoint, server/sanity/studio-writes.ts, as e2e/live-content.spec.ts
// edits the seed): created at /rh and /en/for-hr-leaders with a hero, the results, an FAQ and the form,
// then two sections swapped and one hidden and published again; the open page follows without a reload,
// a visitor signs up from it, and the Launch tool counts that page's visitor and sign-up under "By page".
// Unpublished, it answers 404; published again at another address, the old one redirects there.
import { expect, test, type Page } from '@playwright/test'
import { campaignFaq, hrLeadersPage, type SeedDocument } from '../test/content/campaign-page.ts'
import { collectPageErrors, gotoHydrated } from './support/page.ts'
import { useOwnServer, type OwnServer } from './support/own-server.ts'
import { browserUserAgent, joinOnPage, launchAddress } from './support/launch-tool.ts'
import { studioWrite } from './support/studio-writes.ts'

const ownServer = useOwnServer('the page is built in content of its own, at one size')

/** How long the server may take to read a published change (it reloads the seed when the file changes): a hang's bound, not a speed's. */
const READ_AGAIN = { timeout: 30_000 }

/** Publishing writes the whole published document, as the Studio's Publish does from its draft. */
const publish = (server: OwnServer, page: SeedDocument) => studioWrite(server, [{ createOrReplace: page }])

/** What a script (no browser) gets at `path`: the status and where a redirect points. */
async function answerAt(server: OwnServer, path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } })
  return { status: response.status, location: response.headers.get('location') }
}

/** Which of `titles` the page shows as section headings, in the order it shows them. */
const headingsOf = async (page: Page, titles: string[]) =>
  (await page.getByRole('heading', { level: 2 }).allTextContents()).filter((heading) => titles.includes(heading))

test('an editor builds a campaign page, a visitor signs up on it, the Launch tool counts it by page; unpublished it is gone, moved it redirects', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const server = ownServer()
  const built = hrLeadersPage()
  const sections = built['sections'] as { _key: string; _type: string; title?: { en?: string; default?: { en?: string } } }[]
  const [hero, results, faq, freeTrial] = sections
  if (!hero || !results || !faq || !freeTrial) throw new Error('the campaign page has its four sections')
  const titles = {
    results: results.title?.en ?? '',
    faq: campaignFaq.title.en,
    form: freeTrial.title?.default?.en ?? '',
  }
  const sectionHeadings = (on: Page) => headingsOf(on, Object.values(titles))
  await publish(server, built)
  await expect.poll(async () => (await answerAt(server, '/rh')).status, READ_AGAIN).toBe(200)

  // A visitor (a browser's User-Agent: headless Chromium's own counts as a bot) opens the English page.
  const visitor = await (await browser.newContext({ userAgent: browserUserAgent(39) })).newPage()
  const errors = collectPageErrors(visitor)
  const listening = visitor.waitForResponse((response) => response.url().includes('/data/live/events/'))
  const revalidated = visitor.waitForResponse((response) => response.url().includes('/data/query/'))
  await gotoHydrated(visitor, `${server.url}/en/for-hr-leaders`)
  await listening
  await (await revalidated).finished()
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await sectionHeadings(visitor)).toEqual([titles.results, titles.faq, titles.form])
  await visitor.evaluate(() => {
    ;(window as { notReloaded?: boolean }).notReloaded = true
  })

  // The form moved above the FAQ, the results hidden, published: the open page follows, refetching
  // because a live event named the change (its query says which event it has seen).
  const liveRefetch = visitor.waitForResponse(
    (response) => new URL(response.url()).searchParams.has('lastLiveEventId'),
    READ_AGAIN,
  )
  await publish(server, { ...built, sections: [hero, { ...results, hidden: true }, freeTrial, faq] })
  await (await liveRefetch).finished()
  await expect.poll(() => sectionHeadings(visitor)).toEqual([titles.form, titles.faq])
  expect(await visitor.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
  await visitor.getByText(campaignFaq.question.en).click()
  await expect(visitor.getByText(campaignFaq.answer.en)).toBeVisible()

  // The visitor signs up from it; the Launch tool shows the page's visitor, form start and sign-up.
  await joinOnPage(visitor, { name: 'Beatriz Lima', email: 'beatriz.lima@empresa.example' })
  await page.goto(await launchAddress(server))
  const byPage = page.getByRole('table', { name: 'By page' })
  await expect(byPage.getByRole('row', { name: 'Pulso for HR leaders /rh · /en/for-hr-leaders 1 1 1 100.0 %' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'Pulso for HR leaders' })
  await expect(page.getByRole('group', { name: 'Sign-ups' }).getByText(/^\d+$/)).toHaveText('1')
  await expect(page.getByRole('group', { name: 'Visitors' }).getByText(/^\d+$/)).toHaveText('1')

  // Unpublished (the published document deleted, as the Studio's Unpublish does): both addresses 404.
  await studioWrite(server, [{ delete: { id: built._id } }])
  await expect.poll(async () => (await answerAt(server, '/en/for-hr-leaders')).status, READ_AGAIN).toBe(404)
  expect((await answerAt(server, '/rh')).status).toBe(404)

  // Published again at a new English address: the old one redirects there for good; /rh stays.
  await publish(server, {
    ...built,
    slug: { ...(built['slug'] as object), en: { _type: 'slug', current: 'for-people-leaders' } },
  })
  await expect.poll(async () => (await answerAt(server, '/en/for-people-leaders')).status, READ_AGAIN).toBe(200)
  const moved = await answerAt(server, '/en/for-hr-leaders')
  expect([301, 308]).toContain(moved.status)
  expect(new URL(moved.location ?? '', server.url).pathname).toBe('/en/for-people-leaders')
  expect((await answerAt(server, '/rh')).status).toBe(200)
  expect(errors).toEqual([])
})

/** Whether Chromium tells assistive technology that the disclosure named `name` is open (its own accessibility tree). */
async function expandedInBrowser(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page)
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { name?: { value?: unknown }; properties?: { name: string; value: { value?: unknown } }[] }[]
  }
  await cdp.detach()
  const disclosure = nodes.find(
    (node) => node.name?.value === name && node.properties?.some((property) => property.name === 'expanded'),
  )
  return disclosure?.properties?.find((property) => property.name === 'expanded')?.value.value
}

test('the FAQ opens and closes from the keyboard, and the browser names each question and says whether its answer is open', async ({
  page,
}) => {
  const server = ownServer()
  await publish(server, hrLeadersPage())
  await expect.poll(async () => (await answerAt(server, '/en/for-hr-leaders')).status, READ_AGAIN).toBe(200)
  await gotoHydrated(page, `${server.url}/en/for-hr-leaders`)
  const answer = page.getByText(campaignFaq.answer.en)
  const question = page.locator('summary', { hasText: campaignFaq.question.en })
  await expect(answer).toBeHidden()
  // Named by its question alone (the drawn + or − is not read out), and said to be closed.
  expect(await expandedInBrowser(page, campaignFaq.question.en)).toBe(false)

  await question.focus()
  await page.keyboard.press('Enter')
  await expect(answer).toBeVisible()
  await expect.poll(() => expandedInBrowser(page, campaignFaq.question.en)).toBe(true)

  await page.keyboard.press('Space')
  await expect(answer).toBeHidden()
  await expect.poll(() => expandedInBrowser(page, campaignFaq.question.en)).toBe(false)
})
