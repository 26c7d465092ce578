// The site under its security headers: a Content Security Policy without inline or eval'd
// scripts, and not a single console error or policy violation on any page a visitor sees.
import { expect, test, type Page } from '@playwright/test'
import { collectCspViolations, collectPageErrors, gotoHydrated } from './support/page.ts'

/** What a policy says, directive by directive. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  )
}

async function watch(page: Page) {
  const errors = collectPageErrors(page)
  const violations = await collectCspViolations(page)
  return async () => ({ errors, violations: await violations() })
}

for (const path of ['/', '/en']) {
  test(`${path} answers with the security headers and runs without an error under them`, async ({ page }) => {
    const problems = await watch(page)
    const response = await gotoHydrated(page, path)
    const headers = response?.headers() ?? {}

    const csp = directives(headers['content-security-policy'])
    const scripts = csp.get('script-src') ?? []
    expect(scripts).toContain("'self'")
    expect(scripts.some((source) => source.startsWith("'nonce-"))).toBe(true)
    expect(scripts).not.toContain("'unsafe-inline'")
    expect(scripts).not.toContain("'unsafe-eval'")
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['permissions-policy']).toContain('camera=()')
    // The E2E site is on http: no HSTS there.
    expect(headers['strict-transport-security']).toBeUndefined()

    // Each response has its own nonce, and the page's scripts and styles carry it.
    const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1)
    const again = directives((await page.request.get(path)).headers()['content-security-policy'])
    expect(again.get('script-src')).not.toContain(`'nonce-${nonce}'`)
    expect(await page.locator('script[src]').evaluateAll((tags) => tags.map((tag) => (tag as HTMLScriptElement).nonce))).toEqual(
      expect.arrayContaining([nonce]),
    )

    // Scroll through the page so every lazy image and section has loaded and rendered.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    await page.getByRole('button', { name: /language|idioma/i }).click()
    expect(await problems()).toEqual({ errors: [], violations: [] })
  })
}

test('the not-found page runs without an error under the policy', async ({ page }) => {
  const problems = await watch(page)
  const response = await gotoHydrated(page, '/no-such-page')
  expect(response?.status()).toBe(404)
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  const { errors, violations } = await problems()
  // Chromium reports the page's own 404 status as a failed resource; nothing else may fail.
  expect(errors.filter((error) => !error.includes('status of 404 (Not Found)'))).toEqual([])
  expect(errors.length).toBeLessThanOrEqual(1)
  expect(violations).toEqual([])
})

test('every other response carries the headers too', async ({ request }) => {
  for (const path of ['/robots.txt', '/sitemap.xml', '/healthz', '/favicon.svg']) {
    const headers = (await request.get(path)).headers()
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['content-security-policy'], path).toContain("default-src 'self'")
  }
})
