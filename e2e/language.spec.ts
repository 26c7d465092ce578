import { expect, test, type Page } from '@playwright/test'
import { copy, langs, type Lang } from './support/copy.ts'
import { gotoHydrated, visibleText } from './support/page.ts'

const menuItemName = { pt: 'Português', en: 'English' } as const satisfies Record<Lang, string>
const other = (lang: Lang): Lang => (lang === 'pt' ? 'en' : 'pt')

const switcher = (page: Page, lang: Lang) => page.getByRole('button', { name: new RegExp(`^${copy[lang].languageLabel}`) })

for (const lang of langs) {
  const t = copy[lang]
  const next = other(lang)
  const n = copy[next]

  test.describe(`language switcher (from ${lang})`, () => {
    test('opens a menu of languages with SVG flags; Escape and a click outside close it', async ({ page }) => {
      await gotoHydrated(page, t.path)
      const button = switcher(page, lang)
      await expect(button).toHaveAttribute('aria-haspopup', 'menu')
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(page.getByRole('menu')).toHaveCount(0)

      await button.click()
      const menu = page.getByRole('menu')
      await expect(menu).toBeVisible()
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      const items = menu.getByRole('menuitem')
      await expect(items).toHaveText(['Português', 'English'])
      for (const name of Object.values(menuItemName)) {
        const item = menu.getByRole('menuitem', { name, exact: true })
        await expect(item.locator('svg')).toHaveCount(1)
        await expect(item.locator('svg')).toBeVisible()
        // The flag is a drawing, not an emoji (regional-indicator letters).
        expect(await item.textContent()).not.toMatch(/\p{Regional_Indicator}/u)
      }

      await test.step('Escape closes the menu and returns focus to the button', async () => {
        await page.keyboard.press('Escape')
        await expect(page.getByRole('menu')).toHaveCount(0)
        await expect(button).toHaveAttribute('aria-expanded', 'false')
        await expect(button).toBeFocused()
      })

      await test.step('a click outside closes the menu without changing the language', async () => {
        await button.click()
        await expect(page.getByRole('menu')).toBeVisible()
        await page.getByRole('heading', { level: 1 }).click()
        await expect(page.getByRole('menu')).toHaveCount(0)
        await expect(page.locator('html')).toHaveAttribute('lang', t.htmlLang)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.headline)
      })
    })

    test(`choosing ${menuItemName[next]} switches the page, its address and the next visit`, async ({ page }) => {
      await gotoHydrated(page, t.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.headline)

      await switcher(page, lang).click()
      await page.getByRole('menuitem', { name: menuItemName[next] }).click()

      await expect(page.getByRole('menu')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(n.headline)
      await expect(page.getByRole('region', { name: n.sectionHeadings.workflow })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', n.htmlLang)
      await expect(page).toHaveTitle(n.title)
      await expect(page).toHaveURL(n.path)
      await expect(switcher(page, next)).toBeFocused()

      // Reload: the server renders the chosen language straight away.
      const reloaded = await page.reload()
      expect(
        visibleText((await reloaded?.text()) ?? '').includes(n.headline),
        'the reloaded page comes from the server in the chosen language',
      ).toBe(true)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(n.headline)

      // A later visit to / lands on the chosen language's address, already rendered in it.
      const visit = await page.goto('/')
      await expect(page).toHaveURL(n.path)
      expect(visit?.status()).toBe(200)
      const html = (await visit?.text()) ?? ''
      expect(html.includes(`<html lang="${n.htmlLang}">`), `the server HTML is <html lang="${n.htmlLang}">`).toBe(true)
      const text = visibleText(html)
      expect(text.includes(n.headline), `the server HTML shows "${n.headline}"`).toBe(true)
      expect(text.includes(t.headline), `the server HTML does not show "${t.headline}"`).toBe(false)
    })

    test('works from the keyboard: Enter opens, arrows move, Enter chooses', async ({ page }) => {
      await gotoHydrated(page, t.path)
      const button = switcher(page, lang)
      await button.focus()
      await page.keyboard.press('Enter')

      const menu = page.getByRole('menu')
      await expect(menu).toBeVisible()
      // Focus starts on the current language.
      await expect(menu.getByRole('menuitem', { name: menuItemName[lang] })).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(menu.getByRole('menuitem', { name: menuItemName[next] })).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(menu.getByRole('menuitem', { name: menuItemName[lang] })).toBeFocused()
      await page.keyboard.press('ArrowUp')
      await expect(menu.getByRole('menuitem', { name: menuItemName[next] })).toBeFocused()
      await page.keyboard.press('Enter')

      await expect(menu).toHaveCount(0)
      await expect(page.locator('html')).toHaveAttribute('lang', n.htmlLang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(n.headline)
      await expect(page).toHaveURL(n.path)
    })

    test('the tooltip shows the label only after 700 ms of hover', async ({ page }) => {
      await gotoHydrated(page, t.path)
      // From here the page's timers run on a clock that moves only when the test says, whatever the load.
      const now = Date.now()
      await page.clock.install({ time: now })
      await page.clock.pauseAt(now + 1_000)
      const button = switcher(page, lang)
      const tooltip = page.getByRole('tooltip')

      await button.hover()
      await page.clock.runFor(699)
      await expect(tooltip).toHaveCount(0)
      await page.clock.runFor(1)
      await expect(tooltip).toBeVisible()
      await expect(tooltip).toHaveText(t.languageLabel)

      await page.mouse.move(0, 400)
      await expect(tooltip).toBeHidden()
    })
  })
}
