import { appendFile, readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { copy } from './support/copy.ts'
import { collectCspViolations, collectPageErrors } from './support/page.ts'
import { useOwnServer } from './support/own-server.ts'

const SECRET = 'secret-the-studio-stored-for-this-editor'
const DRAFT_HEADLINE = 'A draft headline nobody outside the Studio may see'

const ownServer = useOwnServer('one browser size is enough for the preview')

test.beforeAll(async () => {
  const server = ownServer()
  // What the Studio writes to the dataset: the editor's draft, and the secret Presentation hands the site.
  const documents = [
    await homePageDraft(server.seedFile),
    {
      _id: 'sanity-preview-url-secret.e2e',
      _type: 'sanity.previewUrlSecret',
      secret: SECRET,
      studioUrl: 'http://localhost:3333',
      _updatedAt: new Date().toISOString(),
    },
  ]
  await appendFile(server.seedFile, `\n${documents.map((doc) => JSON.stringify(doc)).join('\n')}\n`)
})

/** The seed's home page as an editor's unpublished draft: its hero with another headline. */
async function homePageDraft(seedFile: string) {
  const line = (await readFile(seedFile, 'utf8')).split('\n').find((text) => text.startsWith('{"_id":"homePage"'))
  if (!line) throw new Error('the seed has no home page')
  const home = JSON.parse(line) as { sections: { _type: string }[] }
  const headline = { _type: 'experimentLocaleString', default: { _type: 'localeString', pt: 'Rascunho', en: DRAFT_HEADLINE } }
  const sections = home.sections.map((section) => (section._type === 'heroSection' ? { ...section, headline } : section))
  return { ...home, _id: 'drafts.homePage', sections }
}

test('an editor sent by the Studio sees the draft; visitors never do', async ({ page, browser }) => {
  const server = ownServer()
  const errors = collectPageErrors(page)
  const violations = await collectCspViolations(page)
  const response = await page.goto(
    `${server.url}/api/preview/enable?sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2Fen&sanity-preview-perspective=drafts`,
  )
  expect(new URL(page.url()).pathname).toBe('/en')
  expect(response?.headers()['x-robots-tag']).toBe('noindex')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  // The Studio, and only the Studio, may show the preview in its frame.
  expect(response?.headers()['content-security-policy']).toMatch(/frame-ancestors http:\/\/localhost:3333(;|$)/)
  expect(response?.headers()['x-frame-options']).toBeUndefined()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRAFT_HEADLINE)
  // The preview hydrates with the drafts it was served and loads Sanity's overlays, without errors.
  await expect.poll(() => page.evaluate(() => document.querySelector('sanity-visual-editing') !== null)).toBe(true)
  expect(errors).toEqual([])
  expect(await violations()).toEqual([])

  const visitor = await browser.newPage()
  const visitorResponse = await visitor.goto(`${server.url}/en`)
  expect(visitorResponse?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  const headline = visitor.getByRole('heading', { level: 1 })
  await expect(headline).toHaveText(copy.en.headline)
  // No stega on the public page: its texts are exactly the published ones, with nothing hidden in them.
  expect(await visitor.locator('body').innerText()).not.toMatch(/[\u200B-\u200D\u2060-\u2064\uFEFF]/)
  await visitor.close()

  await page.goto(`${server.url}/api/preview/disable?redirect=%2Fen`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.en.headline)
})

test('a preview link with a wrong secret lets nobody in', async ({ page }) => {
  const server = ownServer()
  const response = await page.goto(`${server.url}/api/preview/enable?sanity-preview-secret=guessed`)
  expect(response?.status()).toBe(401)
  await expect(page.getByText(/invalid or has expired/)).toBeVisible()
  await page.goto(`${server.url}/en`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.en.headline)
})
