import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Opens a page and waits until React has hydrated the prerendered HTML, so clicks reach
 * their handlers. Hydration attaches a fiber to every server-rendered element, the page's last
 * one included; each section hydrates on its own, one at a time when the browser is idle
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md).
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  await page
    .waitForFunction(
      () => {
        const hydrated = (element: Element | null | undefined) =>
          Boolean(element) && Object.keys(element ?? {}).some((key) => key.startsWith('__reactFiber$'))
        const root = document.querySelector('#root')
        const sections = [...document.querySelectorAll('main > section')]
        return hydrated(root?.lastElementChild) && sections.every(hydrated)
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`${path} did not hydrate within 10 s (is the build in dist/ current, and its scripts loading?)`, {
        cause: error,
      })
    })
  return response
}

/**
 * Waits until Inter has joined the page (web/src/shared/theme/fonts.ts adds it once it has arrived,
 * after the first paint). Its arrival rewraps a line here and there, which moves every section below
 * it: a jump made while it arrives stops as far from its section as the text above moved (27 px at
 * 375 px wide, 48 px at 1280, with the font held until the scroll is under way), so a test of where
 * a jump lands makes the jump once the font is in. `document.fonts.ready` does not wait for it: the
 * face is not in the document while it loads.
 */
export async function bodyFontIn(page: Page) {
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family.includes('Inter Variable') && face.status === 'loaded'),
  )
}

/**
 * Content Security Policy violations the page reports (each as "directive blocked-uri"), from
 * the first script on; call before navigating. Chromium also logs each one as a console error.
 */
export async function collectCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI || '(inline)'}`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
}

/** Console errors and uncaught exceptions, collected from the moment this is called. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return errors
}

/** Scrolls at once, whatever the page's CSS scroll-behavior says. */
export async function scrollInstantly(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top)
}

/** Waits until the window has come to rest on section `id` (see anchorScrollTarget), however long a smooth scroll takes. */
export async function scrolledTo(page: Page, id: string) {
  await expect
    .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - (await anchorScrollTarget(page, id))), {
      message: `the window scrolls to #${id}`,
    })
    .toBeLessThanOrEqual(2)
}

/** Where the window stops when it scrolls to a section: its top below the fixed header, within the scroll range. */
export async function anchorScrollTarget(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId)
    if (!section) throw new Error(`No section #${sectionId}`)
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
    const top = section.getBoundingClientRect().top + window.scrollY - padding
    const max = document.documentElement.scrollHeight - window.innerHeight
    return Math.max(0, Math.min(Math.round(top), max))
  }, id)
}

export const banner = (page: Page) => page.getByRole('banner')

/** The collapsed-menu toggle; its name says what a click will do ("Abrir menu" / "Fechar menu"). */
export const menuToggle = (page: Page) => banner(page).getByRole('button', { name: /^(Abrir|Fechar) menu$|^(Open|Close) menu$/ })

/** On a narrow screen the section links sit behind the menu toggle: open it if it is there. */
export async function revealNavLinks(page: Page) {
  const toggle = menuToggle(page)
  if (await toggle.isVisible()) {
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  }
}

/** Top of an element relative to the viewport, and the header's bottom edge. */
export async function topBelowHeader(page: Page, target: Locator) {
  const header = await banner(page).boundingBox()
  const box = await target.boundingBox()
  if (!header || !box) throw new Error('header or target is not rendered')
  return { top: box.y, headerBottom: header.y + header.height }
}

/** The text a reader sees in a server response: no tags, scripts (the page's content as JSON) or styles. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}
