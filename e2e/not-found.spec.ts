import { expect, test } from '@playwright/test'
import { BASE_URL, copy, langs } from './support/copy.ts'
import { gotoHydrated } from './support/page.ts'

const UNKNOWN_PATH = '/does-not-exist'

for (const lang of langs) {
  const t = copy[lang]

  test(`an unknown address answers 404 in the reader's language (${lang})`, async ({ page, context }) => {
    if (lang !== 'pt') await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }])
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))

    const response = await gotoHydrated(page, UNKNOWN_PATH)
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', t.htmlLang)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundTitle)
    await expect
      .poll(() => messages.find((text) => text.includes(UNKNOWN_PATH)), { message: 'the unknown path is logged' })
      .toBeTruthy()

    const home = page.getByRole('link', { name: t.notFoundLink })
    await expect(home).toHaveAttribute('href', '/')
    await home.click()
    // Home is the reader's language: / itself, or /en after the server's redirect.
    await expect(page).toHaveURL(`${BASE_URL}${t.path}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.headline)
  })
}
