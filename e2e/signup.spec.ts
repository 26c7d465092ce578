import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { parseMail } from '../supabase/functions/_test/smtp-inbox.ts'
import { gotoHydrated } from './support/page.ts'

/** The seed's form texts per language (studio/seed/data.ndjson, freeTrial). */
const forms = {
  pt: {
    path: '/',
    labels: { name: 'Nome', role: 'Cargo', email: 'E-mail corporativo' },
    button: 'Solicitar teste grátis',
    loading: 'Processando...',
    success: 'Cadastro realizado!',
    error: 'Falha no cadastro',
    mailSubject: /seu teste grátis do Pulso está reservado/,
    mailGreeting: (name: string) => `Olá, ${name}!`,
  },
  en: {
    path: '/en',
    labels: { name: 'Name', role: 'Role', email: 'Work email' },
    button: 'Request free trial',
    loading: 'Processing...',
    success: 'Registration Successful!',
    error: 'Registration Failed',
    mailSubject: /your Pulso free trial is reserved/,
    mailGreeting: (name: string) => `Hi ${name},`,
  },
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

      const welcomed = page.waitForResponse('**/functions/v1/send-welcome-email')
      await form.getByRole('button', { name: text.button }).click()
      const busy = form.getByRole('button', { name: text.loading })
      await expect(busy).toBeDisabled()
      release()

      await welcomed
      await expect(page.getByRole('alert').filter({ hasText: text.success })).toBeVisible()
      for (const label of Object.values(text.labels)) await expect(form.getByLabel(label)).toHaveValue('')
      await expect(form.getByRole('button', { name: text.button })).toBeEnabled()

      const mail = await welcomeFor(email)
      expect(mail?.to).toContain(email)
      expect(mail?.subject).toMatch(text.mailSubject)
      expect(mail?.text).toContain(text.mailGreeting(name))
    })

    test('when the welcome cannot be recorded, an error toast appears and the fields are kept', async ({ page }, testInfo) => {
      // The browser accepts "user@host" as an email, but the database and the function do not:
      // the insert is refused (only logged) and the function answers 400, a real failure.
      const email = `signup-${lang}-${testInfo.project.name}-${Date.now()}@empresa`
      await gotoHydrated(page, text.path)
      const form = await fillForm(page, text.labels, { name: 'Rui', role: 'Tech lead', email })
      const refused = page.waitForResponse('**/functions/v1/send-welcome-email')
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
  page.on('request', (request) => {
    if (/\/(rest|functions)\/v1\//.test(request.url())) calls.push(new URL(request.url()).pathname)
  })
  await gotoHydrated(page, '/en')
  const email = `signup-empty-${testInfo.project.name}-${Date.now()}@empresa.com`
  const form = await fillForm(page, forms.en.labels, { name: 'Jane', role: '', email })
  await form.getByRole('button', { name: forms.en.button }).click()
  expect(calls).toEqual([])
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Completed, the form sends its two calls and nothing else: the ignored submit queued nothing.
  await form.getByLabel(forms.en.labels.role).fill('Head de Pessoas')
  const welcomed = page.waitForResponse('**/functions/v1/send-welcome-email')
  await form.getByRole('button', { name: forms.en.button }).click()
  await welcomed
  await expect(page.getByRole('alert').filter({ hasText: forms.en.success })).toBeVisible()
  expect(calls).toEqual(['/rest/v1/waitlist', '/functions/v1/send-welcome-email'])
})
