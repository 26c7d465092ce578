import { expect, test, type Page } from '@playwright/test'
import { axeViolations } from './support/axe.ts'
import { copy, langs } from './support/copy.ts'
import { gotoHydrated, menuToggle } from './support/page.ts'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Serious and critical WCAG violations, each with the elements at fault. */
const seriousViolations = (page: Page, within?: string) =>
  axeViolations(page, { impacts: ['serious', 'critical'], tags: WCAG_TAGS, ...(within ? { within } : {}) })

for (const lang of langs) {
  const t = copy[lang]

  test.describe(`accessibility (${lang})`, () => {
    test('no serious or critical WCAG violations, also with the header menus open', async ({ page }) => {
      await gotoHydrated(page, t.path)
      expect(await seriousViolations(page), 'the page as loaded').toEqual([])

      // Only the header changes when its menus open, so only the header is scanned again.
      const toggle = menuToggle(page)
      if (await toggle.isVisible()) {
        await toggle.click()
        await expect(toggle).toHaveAttribute('aria-expanded', 'true')
        await expect(page.getByRole('navigation', { name: t.navLabel }).getByRole('link').first()).toBeVisible()
        expect(await seriousViolations(page, 'header'), 'section menu open').toEqual([])
        await page.keyboard.press('Escape')
        await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      }
      await page.getByRole('button', { name: new RegExp(`^${t.languageLabel}`) }).click()
      await expect(page.getByRole('menu')).toBeVisible()
      expect(await seriousViolations(page, 'header'), 'language menu open').toEqual([])
    })

    test('nothing overflows sideways at 320 px', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 })
      await gotoHydrated(page, t.path)
      await page.evaluate(() => document.fonts.ready)
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }))
      expect(widths.scroll, `scrollWidth ${widths.scroll} at a 320 px viewport`).toBeLessThanOrEqual(320)
    })
  })
}
