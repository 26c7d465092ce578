import { expect, test } from '@playwright/test'
import { BASE_URL, copy, langs } from './support/copy.ts'
import { gotoHydrated } from './support/page.ts'

for (const lang of langs) {
  const t = copy[lang]
  // Under /en/ the address names the language; elsewhere the reader's choice (the cookie) decides.
  const cases = [
    { name: 'chosen by the reader', path: '/does-not-exist', cookie: lang !== 'pt' },
    { name: 'named by the address', path: `${t.path === '/' ? '' : t.path}/no-such-page`, cookie: false },
  ]

  for (const { name, path, cookie } of cases) {
    test(`an unknown address answers 404 in the language ${name} (${lang})`, async ({ page, context }) => {
      if (cookie) await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }])
      const messages: string[] = []
      page.on('console', (message) => messages.push(message.text()))

      const response = await gotoHydrated(page, path)
      expect(response?.status()).toBe(404)
      await expect(page.locator('html')).toHaveAttribute('lang', t.htmlLang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundTitle)
      await expect
        .poll(() => messages.find((text) => text.includes(path)), { message: 'the unknown path is logged' })
        .toBeTruthy()

      const home = page.getByRole('link', { name: t.notFoundLink })
      await expect(home).toHaveAttribute('href', t.path)
      await home.click()
      await expect(page).toHaveURL(`${BASE_URL}${t.path}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.headline)
    })
  }
}
