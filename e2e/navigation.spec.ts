import { expect, test, type Locator, type Page } from '@playwright/test'
import { copy, langs, type Lang } from './support/copy.ts'
import {
  anchorScrollTarget,
  banner,
  bodyFontIn,
  gotoHydrated,
  menuToggle,
  revealNavLinks,
  scrollInstantly,
  scrolledTo,
  topBelowHeader,
} from './support/page.ts'

const sectionLinks = ['features', 'useCases', 'platform'] as const

const nav = (page: Page, lang: Lang) => page.getByRole('navigation', { name: copy[lang].navLabel })
const navLink = (page: Page, lang: Lang, id: (typeof sectionLinks)[number]) =>
  nav(page, lang).getByRole('link', { name: copy[lang].nav[id], exact: true })
/** The page hydrated and in its own font, the layout its jumps end in (bodyFontIn). */
async function openPage(page: Page, path: string) {
  await gotoHydrated(page, path)
  await bodyFontIn(page)
}
const hero = (page: Page, lang: Lang) => page.getByRole('region', { name: copy[lang].headline })

/** What the element with keyboard focus is, and how its outline is drawn. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return undefined
    const style = getComputedStyle(element)
    return {
      tag: element.tagName.toLowerCase(),
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      href: element.getAttribute('href'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
    }
  })
}

for (const lang of langs) {
  const t = copy[lang]

  test.describe(`navigation (${lang})`, () => {
    // Where a jump lands is checked here; how it moves (smooth or not) has its own tests below.
    test.use({ reducedMotion: 'reduce' })

    test('the header stays fixed; section links point at their sections; the current mark follows scrolling', async ({
      page,
    }) => {
      await openPage(page, t.path)
      await expect(banner(page)).toBeInViewport()

      await test.step('on load the reader is in the hero, which has no entry: nothing is current', async () => {
        await revealNavLinks(page)
        for (const id of sectionLinks) {
          const link = navLink(page, lang, id)
          await expect(link).toBeVisible()
          await expect(link).toHaveAttribute('href', `#${id}`)
          await expect(link).not.toHaveAttribute('aria-current', /.*/)
        }
        await page.keyboard.press('Escape')
      })

      await test.step('the header stays at the top after scrolling', async () => {
        await scrollInstantly(page, 3000)
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
        expect((await banner(page).boundingBox())?.y).toBe(0)
        await expect(banner(page)).toBeInViewport()
      })

      await test.step('scrolling to the platform section by hand marks its link', async () => {
        await scrollInstantly(page, await anchorScrollTarget(page, 'platform'))
        await revealNavLinks(page)
        await expect(navLink(page, lang, 'platform')).toHaveAttribute('aria-current', 'true')
        await expect(navLink(page, lang, 'features')).not.toHaveAttribute('aria-current', /.*/)
        await page.keyboard.press('Escape')
      })

      await test.step('wheeling back to the top clears the mark', async () => {
        const { width, height } = page.viewportSize()!
        await page.mouse.move(Math.round(width / 2), Math.round(height / 2))
        await page.mouse.wheel(0, -100_000)
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
        await revealNavLinks(page)
        for (const id of sectionLinks) await expect(navLink(page, lang, id)).not.toHaveAttribute('aria-current', /.*/)
      })
    })

    test('choosing a section link scrolls it just below the header and marks it current', async ({ page }) => {
      await openPage(page, t.path)
      const viewport = page.viewportSize()!

      for (const id of sectionLinks) {
        await revealNavLinks(page)
        await navLink(page, lang, id).click()
        await scrolledTo(page, id)

        await expect(page).toHaveURL(new RegExp(`#${id}$`))
        const { top, headerBottom } = await topBelowHeader(page, page.locator(`#${id}`))
        expect(top, `#${id} is not hidden under the header`).toBeGreaterThanOrEqual(headerBottom - 2)
        expect(top, `#${id} is in view`).toBeLessThan(viewport.height)
        await expect(page.locator(`#${id}`).getByRole('heading', { level: 2 }).first()).toBeInViewport()

        await revealNavLinks(page)
        await expect(navLink(page, lang, id)).toHaveAttribute('aria-current', 'true')
        for (const other of sectionLinks.filter((entry) => entry !== id)) {
          await expect(navLink(page, lang, other)).not.toHaveAttribute('aria-current', /.*/)
        }
        await page.keyboard.press('Escape')
      }
    })

    test('narrow screens fold the links behind a menu toggle that closes after a pick', async ({ page }) => {
      await openPage(page, t.path)
      const wide = page.viewportSize()!.width >= 768
      const toggle = menuToggle(page)

      if (wide) {
        await expect(toggle).toBeHidden()
        for (const id of sectionLinks) await expect(navLink(page, lang, id)).toBeVisible()
        return
      }

      await expect(page.getByRole('button', { name: t.menuOpen, exact: true })).toBeVisible()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      for (const id of sectionLinks) await expect(navLink(page, lang, id)).toBeHidden()

      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await expect(toggle).toHaveAccessibleName(t.menuClose)
      for (const id of sectionLinks) await expect(navLink(page, lang, id)).toBeVisible()

      await navLink(page, lang, 'useCases').click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(toggle).toHaveAccessibleName(t.menuOpen)
      for (const id of sectionLinks) await expect(navLink(page, lang, id)).toBeHidden()
      await scrolledTo(page, 'useCases')
      const { top, headerBottom } = await topBelowHeader(page, page.locator('#useCases'))
      expect(top).toBeGreaterThanOrEqual(headerBottom - 2)
      expect(top).toBeLessThan(page.viewportSize()!.height)
    })

    test('keyboard: the skip link comes first; Tab reaches the section links and buttons with a visible outline', async ({
      page,
    }) => {
      await openPage(page, t.path)

      const skip = page.getByRole('link', { name: t.skipLink })
      await page.keyboard.press('Tab')
      await expect(skip, 'the skip link is the first Tab stop').toBeFocused()
      await expect(skip).toBeInViewport()

      const reached: NonNullable<Awaited<ReturnType<typeof focused>>>[] = []
      for (let press = 0; press < 9; press++) {
        await page.keyboard.press('Tab')
        const element = await focused(page)
        if (!element) continue
        reached.push(element)
        // On narrow screens the links sit in the folded menu: open it from the keyboard.
        if (element.tag === 'button' && element.name === t.menuOpen) {
          await page.keyboard.press('Enter')
          await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
        }
      }

      const names = reached.map((element) => element.name)
      for (const id of sectionLinks) expect(names, `Tab reaches ${t.nav[id]}`).toContain(t.nav[id])
      expect(
        names.some((name) => name.startsWith(t.languageLabel)),
        'Tab reaches the language switcher',
      ).toBe(true)

      const interesting = reached.filter(
        (element) => element.tag === 'button' || sectionLinks.some((id) => element.href === `#${id}`),
      )
      expect(interesting.length).toBeGreaterThanOrEqual(4)
      for (const element of interesting) {
        expect(element.outlineStyle, `focus outline of "${element.name}"`).not.toBe('none')
        expect(element.outlineWidth, `focus outline of "${element.name}"`).toBeGreaterThan(0)
      }

      await test.step('the skip link moves focus to the main content', async () => {
        await page.keyboard.press('Escape')
        await skip.focus()
        await page.keyboard.press('Enter')
        await expect(page.getByRole('main')).toBeFocused()
      })
    })
  })
}

test.describe('hero calls to action', () => {
  test.use({ reducedMotion: 'reduce' })

  test('the primary goes to the free trial, the secondary to the workflow', async ({ page }) => {
    await openPage(page, copy.pt.path)
    const primary = hero(page, 'pt').getByRole('link', { name: copy.pt.primaryCta })
    const secondary = hero(page, 'pt').getByRole('link', { name: copy.pt.secondaryCta })
    await expect(primary).toHaveAttribute('href', '#freeTrial')
    await expect(secondary).toHaveAttribute('href', '#workflow')

    await secondary.click()
    await scrolledTo(page, 'workflow')
    const { top, headerBottom } = await topBelowHeader(page, page.locator('#workflow'))
    expect(top).toBeGreaterThanOrEqual(headerBottom - 2)
    expect(top).toBeLessThan(page.viewportSize()!.height)

    await scrollInstantly(page, 0)
    await primary.click()
    await scrolledTo(page, 'freeTrial')
    await expect(
      page.getByRole('region', { name: copy.pt.sectionHeadings.freeTrial }).getByLabel(copy.pt.form.name),
    ).toBeInViewport()
  })
})

/**
 * Has the page record, on each frame after the link is clicked, window.scrollY and where the window
 * would rest for section `id` in that frame's layout (late fonts or images may move it by a few
 * pixels), with the time since the click, measured in the page so the test runner's own latency
 * does not count.
 */
async function recordScrollAfterClick(link: Locator, id: string) {
  await link.evaluate((element, sectionId) => {
    const record = { frames: [] as { ms: number; y: number; target: number }[] }
    ;(window as unknown as { jump: typeof record }).jump = record
    const restingY = () => {
      const section = document.getElementById(sectionId)
      const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
      const top = (section?.getBoundingClientRect().top ?? 0) + window.scrollY - padding
      return Math.max(0, Math.min(Math.round(top), document.documentElement.scrollHeight - window.innerHeight))
    }
    element.addEventListener(
      'click',
      () => {
        const clickedAt = performance.now()
        const tick = () => {
          record.frames.push({ ms: performance.now() - clickedAt, y: window.scrollY, target: restingY() })
          if (record.frames.length < 180) requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      },
      { once: true },
    )
  }, id)
}

const recordedFrames = (page: Page) =>
  page.evaluate(() => (window as unknown as { jump: { frames: { ms: number; y: number; target: number }[] } }).jump.frames)

test.describe('scrolling with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' })

  test('in-page jumps scroll smoothly', async ({ page }) => {
    await openPage(page, copy.pt.path)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')

    const target = await anchorScrollTarget(page, 'platform')
    await revealNavLinks(page)
    const link = navLink(page, 'pt', 'platform')
    await recordScrollAfterClick(link, 'platform')
    await link.click()
    await scrolledTo(page, 'platform')

    const frames = await recordedFrames(page)
    const between = new Set(frames.filter(({ y }) => y > 2 && y < target - 2).map(({ y }) => y))
    expect(between.size, 'frames caught mid-way between the top and the section').toBeGreaterThanOrEqual(2)
  })
})

test.describe('scrolling with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('in-page jumps land at once', async ({ page }) => {
    await openPage(page, copy.pt.path)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto')

    await revealNavLinks(page)
    const link = navLink(page, 'pt', 'platform')
    await recordScrollAfterClick(link, 'platform')
    await link.click()
    await scrolledTo(page, 'platform')

    // Already there on the first frame drawn after the click.
    await expect
      .poll(async () => (await recordedFrames(page)).length, { message: 'a frame is drawn after the click' })
      .toBeGreaterThan(0)
    const [first] = await recordedFrames(page)
    expect(
      Math.abs(first!.y - first!.target),
      `scrollY ${first!.y} on the first frame, ${Math.round(first!.ms)} ms after the click; the section's place then ${first!.target}`,
    ).toBeLessThanOrEqual(2)
  })
})
