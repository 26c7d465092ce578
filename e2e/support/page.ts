import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Opens a page and waits until React has hydrated the prerendered HTML, so clicks reach
 * their handlers. Hydration attaches a fiber to every server-rendered element, the last one included.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  await page
    .waitForFunction(
      () => {
        const last = document.querySelector('#root')?.lastElementChild
        return last !== null && last !== undefined && Object.keys(last).some((key) => key.startsWith('__reactFiber$'))
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`${path} did not hydrate within 10 s (is the build in dist/ current, and its scripts loading?)`, {
        cause: error,
      })
    })
  // Effects (scroll listeners, document head) run after the commit; one frame later they are in place.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
  return response
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

/** Resolves once the window has not scrolled for 12 frames (~200 ms), i.e. a smooth scroll has landed. */
export async function waitForScrollEnd(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY
        let still = 0
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0
          last = window.scrollY
          if (still >= 12) resolve()
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
  )
}

/** Scrolls at once, whatever the page's CSS scroll-behavior says. */
export async function scrollInstantly(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top)
  await waitForScrollEnd(page)
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
