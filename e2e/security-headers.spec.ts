// The site under its security headers: a Content Security Policy that allows the page's own inline
// scripts and styles by their hashes and nothing else inline or eval'd, and not a single console
// error or policy violation on any page a visitor sees.
import { createHash } from 'node:crypto'
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

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

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

    // The page's one inline script is the loader of its entry (docs/decisions/0026-script-after-first-paint.md),
    // allowed by its hash; every style the prerender carries is allowed by its own.
    const inline = await page
      .locator('script:not([src]):not([type="application/json"])')
      .evaluateAll((tags) => tags.map((tag) => tag.textContent ?? ''))
    expect(inline).toHaveLength(1)
    expect(scripts).toEqual(["'self'", sha256Source(inline[0] ?? '')])
    const styles = await page.locator('head style').evaluateAll((tags) => tags.map((tag) => tag.textContent ?? ''))
    expect(csp.get('style-src')).toEqual(expect.arrayContaining(styles.map(sha256Source)))
    // Scroll through the page so every lazy image and section has loaded and rendered.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    await page.getByRole('button', { name: /language|idioma/i }).click()
    expect(await problems()).toEqual({ errors: [], violations: [] })

    // A script that is not the page's own is refused, however it gets in.
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('script'), { textContent: 'window.injected = 1' })),
    )
    expect(await page.evaluate(() => 'injected' in window)).toBe(false)
    // The browser reports the refusal in a task of its own, after the append has returned: wait for it.
    await expect.poll(async () => (await problems()).violations).toEqual(['script-src-elem inline'])
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

test('a full sign-up solves the proof of work under the policy, without a puzzle or an error', async ({ page }, testInfo) => {
  const problems = await watch(page)
  const welcomes: unknown[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/functions/v1/send-welcome-email'))
      welcomes.push(request.postDataJSON())
  })
  const loaded: string[] = []
  page.on('request', (request) => {
    if (/altcha|pbkdf2|send-welcome-email/.test(request.url()))
      loaded.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await gotoHydrated(page, '/en')
  // Nothing of the proof of work loads with the page: a visitor who never signs up pays nothing.
  expect(loaded).toEqual([])
  const form = page.locator('#freeTrial form')
  await form.getByLabel('Name').fill('Jane Roberts')
  await expect.poll(() => loaded.some((request) => request === 'GET /functions/v1/send-welcome-email')).toBe(true)
  await form.getByLabel('Role').fill('Head of People')
  const email = `csp-${testInfo.project.name}-${Date.now()}@Empresa.COM`
  await form.getByLabel('Work email').fill(email)
  await form.getByRole('button', { name: 'Request free trial' }).click()

  await expect(page.getByRole('alert').filter({ hasText: 'Registration Successful!' })).toBeVisible({ timeout: 15_000 })
  // The solution went with the welcome, and the address in its canonical form.
  expect(welcomes).toEqual([
    expect.objectContaining({
      email: email.replace('@Empresa.COM', '@empresa.com'),
      altcha: expect.stringMatching(/^[\w+/=]+$/),
    }),
  ])
  // The widget is there, and shows nothing.
  await expect(page.locator('altcha-widget')).toHaveCount(1)
  await expect(page.locator('altcha-widget .altcha')).toBeHidden()
  expect(await problems()).toEqual({ errors: [], violations: [] })
})

test('the welcome function refuses a request without a solution, and a replayed one', async ({ page, request }) => {
  const solutions: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/functions/v1/send-welcome-email')) {
      solutions.push((sent.postDataJSON() as { altcha: string }).altcha)
    }
  })
  await gotoHydrated(page, '/en')
  const form = page.locator('#freeTrial form')
  await form.getByLabel('Name').fill('Jane Roberts')
  await form.getByLabel('Role').fill('Head of People')
  await form.getByLabel('Work email').fill(`replay-${Date.now()}@empresa.com`)
  await form.getByRole('button', { name: 'Request free trial' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Registration Successful!' })).toBeVisible({ timeout: 15_000 })

  const headers = { apikey: 'local-anon-key', 'content-type': 'application/json' }
  const welcome = { name: 'Eve', email: `eve-${Date.now()}@empresa.com`, role: 'CTO', lang: 'en' }
  const without = await request.post('/functions/v1/send-welcome-email', { headers, data: welcome })
  expect(without.status()).toBe(400)
  expect(await without.json()).toMatchObject({ error: 'proof_of_work_required' })
  const replayed = await request.post('/functions/v1/send-welcome-email', { headers, data: { ...welcome, altcha: solutions[0] } })
  expect(replayed.status()).toBe(403)
  expect(await replayed.json()).toMatchObject({ error: 'proof_of_work_refused' })
})
