import { expect, test, type Page, type Response } from '@playwright/test'
import sharp from 'sharp'
import { BASE_URL, copy } from './support/copy.ts'
import { gotoHydrated } from './support/page.ts'

const t = copy.en
const AVATAR_SIZE = 56

/** The answers to every image request the page makes, by URL, from before it loads. */
function recordImageResponses(page: Page): Map<string, Response> {
  const responses = new Map<string, Response>()
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/images/')) responses.set(response.url(), response)
  })
  return responses
}

async function checkPortraits(page: Page, density: number) {
  const responses = recordImageResponses(page)
  await gotoHydrated(page, t.path)
  const section = page.getByRole('region', { name: t.sectionHeadings.testimonials })
  for (const { author } of t.testimonials) {
    const portrait = section
      .getByRole('figure')
      .filter({ hasText: author })
      .getByRole('img', { name: new RegExp(author) })
    await portrait.scrollIntoViewIfNeeded()
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const { currentSrc, naturalWidth, width } = await portrait.evaluate((img: HTMLImageElement) => ({
      currentSrc: img.currentSrc,
      naturalWidth: img.naturalWidth,
      width: img.getBoundingClientRect().width,
    }))
    // Shown at 56 CSS px. naturalWidth is density-corrected (the 2x file reports half its pixels),
    // so the file the browser picked from srcset is measured itself: exactly the pixels the screen needs.
    expect(width).toBe(AVATAR_SIZE)
    expect(naturalWidth).toBe(AVATAR_SIZE)
    const response = responses.get(currentSrc)
    if (!response) throw new Error(`no response recorded for ${currentSrc}`)
    expect(response.headers()['content-type']).toMatch(/^image\/(avif|webp)$/)
    expect(response.headers()['vary']).toBe('Accept')
    const file = await sharp(await response.body()).metadata()
    expect({ width: file.width, height: file.height }, currentSrc).toEqual({
      width: AVATAR_SIZE * density,
      height: AVATAR_SIZE * density,
    })
  }
}

test.describe('testimonial portraits', () => {
  test('are cropped to 56 px and served as AVIF or WebP', async ({ page }) => {
    const density = await page.evaluate(() => window.devicePixelRatio)
    expect(density).toBe(1)
    await checkPortraits(page, 1)
  })

  test.describe('on a 2x screen', () => {
    test.use({ deviceScaleFactor: 2 })

    test('load the 2x file, 112 px square', async ({ page }) => {
      await checkPortraits(page, 2)
    })
  })
})

test('the sharing image is a 1200×630 JPEG at an absolute address', async ({ page, request }) => {
  await gotoHydrated(page, t.path)
  const og = page.locator('meta[property="og:image"]')
  const url = (await og.getAttribute('content')) ?? ''
  expect(url.startsWith(`${BASE_URL}/images/local/production/`), url).toBe(true)
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200')
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630')
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /Pulso/)

  const response = await request.get(url)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/jpeg')
  expect(await sharp(await response.body()).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
})
