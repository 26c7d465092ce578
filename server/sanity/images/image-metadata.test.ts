import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readImageMetadata, UnsupportedImageError } from './image-metadata.ts'
import { makePng } from '../../../test/server/seed-fixture.ts'

const seedImage = (name: string) => readFile(path.resolve(import.meta.dirname, '../../../studio/seed/images', name))

/** Decodes a `data:image/jpeg;base64,…` URI and returns what sharp reads from it. */
async function lqipImage(lqip: string) {
  const [prefix, data = ''] = lqip.split(',')
  expect(prefix).toBe('data:image/jpeg;base64')
  return sharp(Buffer.from(data, 'base64')).metadata()
}

describe('readImageMetadata', () => {
  it('reads the seed images: format, size, opacity and a 20 px wide JPEG placeholder', async () => {
    const og = await readImageMetadata(await seedImage('og-image.png'))
    expect(og).toMatchObject({ extension: 'png', mimeType: 'image/png', width: 1200, height: 630 })
    expect(og).toMatchObject({ hasAlpha: false, isOpaque: true })
    expect(await lqipImage(og.lqip)).toMatchObject({ format: 'jpeg', width: 20, height: 11 })

    const portrait = await readImageMetadata(await seedImage('avatar-mariana-lopes.png'))
    expect(portrait).toMatchObject({ width: 400, height: 400 })
    expect(await lqipImage(portrait.lqip)).toMatchObject({ width: 20, height: 20 })
    // Small enough to inline in every page: Sanity's are a few hundred bytes too.
    expect(portrait.lqip.length).toBeLessThan(1500)
  })

  it('tells an alpha channel apart from actual transparency', async () => {
    const create = (alpha: number) =>
      sharp({ create: { width: 8, height: 4, channels: 4, background: { r: 10, g: 20, b: 30, alpha } } })
        .png()
        .toBuffer()
    expect(await readImageMetadata(await create(0.5))).toMatchObject({ hasAlpha: true, isOpaque: false })
    expect(await readImageMetadata(await create(1))).toMatchObject({ hasAlpha: true, isOpaque: true })
    expect(await readImageMetadata(await makePng(3, 2))).toMatchObject({ hasAlpha: false, isOpaque: true })
  })

  it('names JPEG jpg and gives its size as displayed, after the EXIF orientation', async () => {
    // Stored 6×2, rotated a quarter turn by its EXIF tag: shown (and cropped) as 2×6.
    const jpeg = await sharp(await makePng(6, 2))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect(await readImageMetadata(jpeg)).toMatchObject({ extension: 'jpg', mimeType: 'image/jpeg', width: 2, height: 6 })
  })

  it('reads WebP, GIF and SVG', async () => {
    const png = await makePng(5, 3)
    expect(await readImageMetadata(await sharp(png).webp().toBuffer())).toMatchObject({ extension: 'webp', width: 5 })
    expect(await readImageMetadata(await sharp(png).gif().toBuffer())).toMatchObject({ extension: 'gif', height: 3 })
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="9" height="9"/></svg>')
    expect(await readImageMetadata(svg)).toMatchObject({ extension: 'svg', mimeType: 'image/svg+xml', width: 120, height: 40 })
  })

  it('refuses what it cannot read, and formats a landing page does not use', async () => {
    await expect(readImageMetadata(Buffer.from('hello world, not an image'))).rejects.toThrow(
      /not a readable PNG, JPEG, WebP, GIF or SVG image/,
    )
    await expect(readImageMetadata((await makePng(4, 4)).subarray(0, 40))).rejects.toBeInstanceOf(UnsupportedImageError)
    const tiff = await sharp(await makePng(2, 2))
      .tiff()
      .toBuffer()
    await expect(readImageMetadata(tiff)).rejects.toThrow('tiff images are not supported: use PNG, JPEG, WebP, GIF or SVG')
  })
})
