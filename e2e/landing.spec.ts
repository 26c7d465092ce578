import { expect, test } from '@playwright/test'
import { BASE_URL, copy, langs, sectionOrder } from './support/copy.ts'
import { collectPageErrors, gotoHydrated, visibleText } from './support/page.ts'

for (const lang of langs) {
  const t = copy[lang]

  test.describe(`landing page (${lang}, ${t.path})`, () => {
    test('the server HTML already holds the headline and every section heading', async ({ request }) => {
      const response = await request.get(t.path)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('text/html')
      const html = await response.text()
      expect(html.includes(`<html lang="${t.htmlLang}">`), `the server HTML is <html lang="${t.htmlLang}">`).toBe(true)
      const text = visibleText(html)
      expect(text.includes(t.headline), `server HTML shows "${t.headline}"`).toBe(true)
      for (const heading of Object.values(t.sectionHeadings)) {
        expect(text.includes(heading), `server HTML shows "${heading}"`).toBe(true)
      }
    })

    test('head: lang, title, description, canonical, hreflang and Open Graph; a clean load logs no errors', async ({ page }) => {
      const errors = collectPageErrors(page)
      // The page's own network work after it loads: revalidating the content, opening the live stream.
      const revalidated = page.waitForResponse((response) => response.url().includes('/data/query/'))
      const listening = page.waitForResponse((response) => response.url().includes('/data/live/events/'))
      await gotoHydrated(page, t.path)
      await expect(page.locator('html')).toHaveAttribute('lang', t.htmlLang)
      await expect(page).toHaveTitle(t.title)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', t.description)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}${t.path}`)
      await expect(page.locator('link[rel="alternate"][hreflang="pt-BR"]')).toHaveAttribute('href', `${BASE_URL}/`)
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${BASE_URL}/en`)
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${BASE_URL}/`)
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', t.title)
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', t.ogLocale)
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${BASE_URL}${t.path}`)
      expect((await revalidated).ok()).toBe(true)
      expect((await listening).headers()['content-type']).toBe('text/event-stream')
      expect(errors, 'console errors and uncaught exceptions').toEqual([])
    })

    test('sections in order: workflow steps, results, testimonials', async ({ page }) => {
      await gotoHydrated(page, t.path)

      await test.step('sections in page order, each with its heading', async () => {
        const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((section) => section.id))
        expect(ids).toEqual([...sectionOrder])
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.headline)
        for (const [id, heading] of Object.entries(t.sectionHeadings)) {
          await expect(page.getByRole('region', { name: heading }), `section #${id}`).toHaveAttribute('id', id)
        }
      })

      await test.step('workflow: an ordered list of the three steps', async () => {
        const workflow = page.getByRole('region', { name: t.sectionHeadings.workflow })
        const steps = workflow.locator('ol > li')
        await expect(steps).toHaveCount(3)
        for (const [index, title] of t.steps.entries()) {
          await expect(steps.nth(index).getByRole('heading', { level: 3 })).toHaveText(title)
        }
      })

      await test.step('results: 90%, 3x, 75% and 64% with their labels', async () => {
        const results = page.getByRole('region', { name: t.sectionHeadings.results })
        await expect(results.getByRole('term')).toHaveText(t.statistics.map((stat) => stat.label))
        await expect(results.getByRole('definition')).toHaveText(t.statistics.map((stat) => stat.value))
        for (const stat of t.statistics) await expect(results.getByText(stat.value, { exact: true })).toBeVisible()
      })

      await test.step('testimonials: quotes with author and role', async () => {
        const section = page.getByRole('region', { name: t.sectionHeadings.testimonials })
        await expect(section.getByRole('blockquote')).toHaveCount(t.testimonials.length)
        for (const entry of t.testimonials) {
          const figure = section.getByRole('figure').filter({ hasText: entry.author })
          await expect(figure.getByRole('blockquote')).toContainText(entry.quoteStart)
          await expect(figure).toContainText(entry.role)
          // The portrait is served by this server (the local image endpoint) and actually loads.
          const portrait = figure.getByRole('img', { name: new RegExp(entry.author) })
          await portrait.scrollIntoViewIfNeeded()
          await expect(portrait).toHaveAttribute('src', /^\/images\/local\/production\//)
          await expect
            .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
            .toBeGreaterThan(0)
        }
      })
    })

    test('free-trial fields are labelled, benefits are listed; the footer shows only the rights line', async ({ page }) => {
      await gotoHydrated(page, t.path)
      const section = page.getByRole('region', { name: t.sectionHeadings.freeTrial })
      await expect(section.getByLabel(t.form.name, { exact: true })).toBeVisible()
      await expect(section.getByLabel(t.form.role, { exact: true })).toBeVisible()
      await expect(section.getByLabel(t.form.email, { exact: true })).toHaveAttribute('type', 'email')
      await expect(section.getByRole('listitem')).toHaveText([...t.benefits])

      const footer = page.getByRole('contentinfo')
      await expect(footer).toHaveText(t.rights(new Date().getFullYear()))
      await expect(footer.getByRole('link')).toHaveCount(0)
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the prerendered pages show the hero and the sections', async ({ page }) => {
    for (const lang of langs) {
      const t = copy[lang]
      await test.step(t.path, async () => {
        await page.goto(t.path)
        await expect(page.locator('html')).toHaveAttribute('lang', t.htmlLang)
        await expect(page.getByRole('heading', { level: 1, name: t.headline })).toBeVisible()
        await expect(page.getByRole('region', { name: t.headline }).getByRole('link', { name: t.primaryCta })).toBeVisible()
        for (const heading of Object.values(t.sectionHeadings)) {
          await expect(page.getByRole('heading', { level: 2, name: heading })).toBeAttached()
        }
      })
    }
  })
})
