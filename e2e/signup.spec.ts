import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { parseMail } from '../test/mail/smtp-inbox.ts'
import { BASE_URL } from './support/copy.ts'
import { joinForm as forms } from './support/join-form.ts'
import { collectPageErrors, gotoHydrated } from './support/page.ts'

/**
 * The answer to the welcome call itself: the same address also answers the proof of work's
 * challenge (a GET, fetched once the visitor starts on the form, possibly as they submit).
 */
const welcomeAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/functions/v1/send-welcome-email'),
  )

/** A personal link in the welcome's text: the server signs them on SITE_URL, this run's server. */
function linkIn(text: string, path: string): string {
  const link = new RegExp(`${BASE_URL}${path}\\?token=\\S+`).exec(text)?.[0]
  if (!link) throw new Error(`no ${path} link in the welcome:\n${text}`)
  return link
}

/** Serious and critical WCAG violations on the page as it is. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}

const mailDir = join(process.env.PULSO_E2E_DATA_DIR ?? '', 'mail')

/** The .eml the server wrote for this address, once the welcome sender has delivered it. */
async function welcomeFor(address: string) {
  let found: ReturnType<typeof parseMail> | undefined
  await expect
    .poll(
      async () => {
        const files = await readdir(mailDir).catch(() => [])
        const mine = files.filter((file) => file.endsWith(`-${address}.eml`))
        if (mine.length === 1 && mine[0]) found = parseMail(await readFile(join(mailDir, mine[0]), 'utf8'), { from: '', to: [] })
        return mine.length
      },
      { message: `a welcome .eml for ${address} in ${mailDir}`, timeout: 15_000 },
    )
    .toBe(1)
  return found
}

async function fillForm(
  page: Page,
  labels: (typeof forms)['pt']['labels'],
  values: { name: string; role: string; email: string },
) {
  const form = page.locator('#freeTrial form')
  await form.getByLabel(labels.name).fill(values.name)
  await form.getByLabel(labels.role).fill(values.role)
  await form.getByLabel(labels.email).fill(values.email)
  return form
}

for (const [lang, text] of Object.entries(forms)) {
  test.describe(`sign-up in ${lang}`, () => {
    test('a visitor joins the waitlist and the welcome email is written', async ({ page }, testInfo) => {
      const email = `signup-${lang}-${testInfo.project.name}-${Date.now()}@empresa.com`
      const name = lang === 'pt' ? 'Joana Ribeiro' : 'Jane Roberts'
      // Hold the welcome call (it then reaches the real server) until the busy state has been seen.
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/functions/v1/send-welcome-email', async (route) => {
        await released
        await route.continue()
      })
      await gotoHydrated(page, text.path)
      const form = await fillForm(page, text.labels, { name, role: 'Head de Pessoas', email })

      const welcomed = welcomeAnswer(page)
      await form.getByRole('button', { name: text.button }).click()
      const busy = form.getByRole('button', { name: text.loading })
      await expect(busy).toBeDisabled()
      release()

      await welcomed
      await expect(page.getByRole('alert').filter({ hasText: text.success })).toBeVisible()
      for (const label of Object.values(text.labels)) await expect(form.getByLabel(label)).toHaveValue('')
      await expect(form.getByRole('button', { name: text.button })).toBeEnabled()

      // Signing up leaves the visitor nothing to keep: no cookie, no storage key.
      expect(await page.context().cookies()).toEqual([])
      expect(
        await page.evaluate(async () => ({
          local: Object.keys(localStorage),
          session: Object.keys(sessionStorage),
          databases: (await indexedDB.databases()).map((database) => database.name),
        })),
      ).toEqual({ local: [], session: [], databases: [] })

      const mail = await welcomeFor(email)
      expect(mail?.to).toContain(email)
      expect(mail?.subject).toBe(text.mailSubject)
      expect(mail?.text).toContain(text.mailGreeting(name))
    })

    test('the welcome’s links confirm the place, then take the person off the list', async ({ page }, testInfo) => {
      const email = `links-${lang}-${testInfo.project.name}-${Date.now()}@empresa.com`
      await gotoHydrated(page, text.path)
      const form = await fillForm(page, text.labels, { name: 'Rosa Lima', role: 'Head de Pessoas', email })
      await form.getByRole('button', { name: text.button }).click()
      await expect(page.getByRole('alert').filter({ hasText: text.success })).toBeVisible({ timeout: 15_000 })
      const mail = await welcomeFor(email)
      const confirm = linkIn(mail?.text ?? '', text.confirmPath)
      const remove = linkIn(mail?.text ?? '', text.removePath)
      expect(mail?.header('list-unsubscribe')).toBe(`<${remove}>`)

      const errors = collectPageErrors(page)
      await page.goto(confirm)
      await expect(page.getByRole('heading', { level: 1, name: text.confirm.title })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: text.confirm.button }).click()
      await expect(page.getByRole('heading', { level: 1, name: text.confirm.done })).toBeVisible()

      await page.goto(remove)
      await expect(page.getByRole('heading', { level: 1, name: text.remove.title })).toBeVisible()
      await page.getByRole('button', { name: text.remove.button }).click()
      await expect(page.getByRole('heading', { level: 1, name: text.remove.done })).toBeVisible()

      expect(errors, 'console errors and uncaught exceptions').toEqual([])

      // Nothing is left to confirm (Chromium logs the 410 itself).
      expect((await page.goto(confirm))?.status()).toBe(410)
      await expect(page.getByRole('heading', { level: 1, name: text.gone })).toBeVisible()
    })

    test('the link pages work without JavaScript: a form that posts', async ({ browser }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', 'the same server-rendered form at any width')
      const email = `nojs-${lang}-${Date.now()}@empresa.com`
      const signUp = await browser.newPage()
      await gotoHydrated(signUp, text.path)
      const form = await fillForm(signUp, text.labels, { name: 'Rui', role: 'CTO', email })
      await form.getByRole('button', { name: text.button }).click()
      await expect(signUp.getByRole('alert').filter({ hasText: text.success })).toBeVisible({ timeout: 15_000 })
      await signUp.close()
      const mail = await welcomeFor(email)

      const context = await browser.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(linkIn(mail?.text ?? '', text.confirmPath))
      await page.getByRole('button', { name: text.confirm.button }).click()
      await expect(page.getByRole('heading', { level: 1, name: text.confirm.done })).toBeVisible()
      await page.goto(linkIn(mail?.text ?? '', text.removePath))
      await page.getByRole('button', { name: text.remove.button }).click()
      await expect(page.getByRole('heading', { level: 1, name: text.remove.done })).toBeVisible()
      await context.close()
    })

    test('the form says what is stored and links the privacy note in its language', async ({ page }) => {
      await gotoHydrated(page, text.path)
      await page.locator('#freeTrial form').getByRole('link', { name: text.privacyLink }).click()
      await expect(page.getByRole('heading', { level: 1, name: text.privacyTitle })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('when the welcome cannot be recorded, an error toast appears and the fields are kept', async ({ page }, testInfo) => {
      // The browser accepts "user@host" as an email, but the database and the function do not:
      // the insert is refused (only logged) and the function answers 400, a real failure.
      const email = `signup-${lang}-${testInfo.project.name}-${Date.now()}@empresa`
      await gotoHydrated(page, text.path)
      const form = await fillForm(page, text.labels, { name: 'Rui', role: 'Tech lead', email })
      const refused = welcomeAnswer(page)
      await form.getByRole('button', { name: text.button }).click()

      expect((await refused).status()).toBe(400)
      const toast = page.getByRole('alert').filter({ hasText: text.error })
      await expect(toast).toBeVisible()
      await expect(page.locator('.Toastify__toast--error')).toBeVisible()
      await expect(form.getByLabel(text.labels.name)).toHaveValue('Rui')
      await expect(form.getByLabel(text.labels.email)).toHaveValue(email)
      const files = await readdir(mailDir).catch(() => [])
      expect(files.filter((file) => file.includes(email))).toHaveLength(0)
    })
  })
}

test('with a field empty, nothing is sent and no message appears', async ({ page }, testInfo) => {
  const calls: string[] = []
  // The sign-up calls; the proof-of-work challenge (a GET when the form is first used) is not one.
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/(rest|functions)\/v1\//.test(request.url())) calls.push(new URL(request.url()).pathname)
  })
  await gotoHydrated(page, '/en')
  const email = `signup-empty-${testInfo.project.name}-${Date.now()}@empresa.com`
  const form = await fillForm(page, forms.en.labels, { name: 'Jane', role: '', email })
  await form.getByRole('button', { name: forms.en.button }).click()
  expect(calls).toEqual([])
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Completed, the form sends its two calls and nothing else: the ignored submit queued nothing.
  await form.getByLabel(forms.en.labels.role).fill('Head de Pessoas')
  const welcomed = welcomeAnswer(page)
  await form.getByRole('button', { name: forms.en.button }).click()
  await welcomed
  await expect(page.getByRole('alert').filter({ hasText: forms.en.success })).toBeVisible()
  expect(calls).toEqual(['/rest/v1/waitlist', '/functions/v1/send-welcome-email'])
})
