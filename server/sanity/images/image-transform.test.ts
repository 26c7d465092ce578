import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ImageFormat } from './image-metadata.ts'
import { ImageParamError, parseImageParams, type ImageParams, type RequestedFormat } from './image-params.ts'
import { planTransform, transformImage } from './image-transform.ts'

const seedImage = (name: string) => readFile(path.resolve(import.meta.dirname, '../../../studio/seed/images', name))

let portrait: Buffer // 400×400 PNG
let og: Buffer // 1200×630 PNG
/** 400×200: the left half red, the right half blue, so a crop's position shows in its colour. */
let halves: Buffer

beforeAll(async () => {
  portrait = await seedImage('avatar-mariana-lopes.png')
  og = await seedImage('og-image.png')
  const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer()
  halves = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer()
})

/** Plans from the image's own header (as the seed loader records its size) and renders. */
async function transform(source: Buffer, sourceFormat: ImageFormat, params: ImageParams, format: RequestedFormat | undefined) {
  const { autoOrient } = await sharp(source, { autoOrient: true }).metadata()
  return transformImage(source, planTransform(autoOrient, sourceFormat, params, format))
}

async function render(source: Buffer, query: Record<string, string>, format?: RequestedFormat) {
  const result = await transform(source, 'png', parseImageParams(query), format)
  const metadata = await sharp(result.bytes).metadata()
  return { ...result, metadata }
}

/** The colour at a point given as fractions of the width and height, as [r, g, b]; the centre by default. */
async function colourAt(bytes: Buffer, x = 0.5, y = 0.5): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (Math.floor(info.height * y) * info.width + Math.floor(info.width * x)) * 3
  return [...data.subarray(at, at + 3)]
}

describe('transformImage', () => {
  it('crops a seed portrait to the avatar size at 1x and 2x, in the format asked for', async () => {
    const png = await render(portrait, { w: '56', h: '56', fit: 'crop' })
    expect(png.mimeType).toBe('image/png')
    expect(png.metadata).toMatchObject({ format: 'png', width: 56, height: 56 })

    const webp = await render(portrait, { w: '56', h: '56', fit: 'crop', dpr: '2' }, 'webp')
    expect(webp.mimeType).toBe('image/webp')
    expect(webp.metadata).toMatchObject({ format: 'webp', width: 112, height: 112 })

    const avif = await render(portrait, { w: '56', h: '56', fit: 'crop' }, 'avif')
    expect(avif.mimeType).toBe('image/avif')
    expect(avif.metadata).toMatchObject({ format: 'heif', compression: 'av1', width: 56, height: 56 })
  })

  it('renders the sharing image as 1200×630 JPEG from the URL image-url builds around a hotspot', async () => {
    const url = createImageUrlBuilder({ projectId: 'local', dataset: 'production' })
      .image({
        asset: { _ref: 'image-0123456789abcdef0123456789abcdef01234567-1200x630-png' },
        hotspot: { x: 0.3, y: 0.5, width: 0.2, height: 0.2 },
        crop: { top: 0, bottom: 0, left: 0, right: 0.25 },
      })
      .width(1200)
      .height(630)
      .fit('crop')
      .format('jpg')
      .url()
    const params = parseImageParams(Object.fromEntries(new URL(url).searchParams))
    expect(params.rect).toBeDefined()
    // The editor's crop leaves 900 px of width: 1200×630 would be an upscale, so the shape is kept at a smaller size.
    const result = await transform(og, 'png', params, params.format)
    expect(result.mimeType).toBe('image/jpeg')
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 900, height: 473 })

    const whole = await render(og, { w: '1200', h: '630', fit: 'crop', fm: 'jpg' }, 'jpg')
    expect(whole.metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
  })

  it('never scales up: a larger box gets the largest image of its shape the source holds', async () => {
    expect((await render(portrait, { w: '800', h: '400', fit: 'crop' })).metadata).toMatchObject({
      width: 400,
      height: 200,
    })
    expect((await render(portrait, { w: '56', h: '56', fit: 'crop', dpr: '3' })).metadata.width).toBe(168)
    expect((await render(portrait, { w: '4096', dpr: '3' })).metadata).toMatchObject({ width: 400, height: 400 })
  })

  it('returns the source bytes when nothing would change', async () => {
    expect((await transform(portrait, 'png', parseImageParams({}), undefined)).bytes).toBe(portrait)
    expect((await transform(portrait, 'png', parseImageParams({ w: '1000' }), 'png')).bytes).toBe(portrait)
    expect((await transform(portrait, 'png', parseImageParams({ q: '50' }), undefined)).bytes).not.toBe(portrait)
  })

  it('sizes by fit: clip and max keep the shape, scale stretches, fill pads with bg, min crops', async () => {
    const box = { w: '200', h: '50' }
    expect((await render(halves, { ...box, fit: 'clip' })).metadata).toMatchObject({ width: 100, height: 50 })
    expect((await render(halves, { ...box, fit: 'max' })).metadata).toMatchObject({ width: 100, height: 50 })
    expect((await render(halves, { ...box, fit: 'scale' })).metadata).toMatchObject({ width: 200, height: 50 })
    expect((await render(halves, { ...box, fit: 'min' })).metadata).toMatchObject({ width: 200, height: 50 })
    expect((await render(halves, { w: '100' })).metadata).toMatchObject({ width: 100, height: 50 })
    expect((await render(halves, { h: '100' })).metadata).toMatchObject({ width: 200, height: 100 })

    const filled = await render(halves, { w: '200', h: '200', fit: 'fill', bg: '00ff00' })
    expect(filled.metadata).toMatchObject({ width: 200, height: 200 })
    expect(await colourAt(filled.bytes, 0, 0)).toEqual([0, 255, 0]) // above the picture: padding
    expect(await colourAt(filled.bytes, 0.25)).toEqual([255, 0, 0]) // the picture, centred
    expect(await colourAt(filled.bytes, 0.75)).toEqual([0, 0, 255])
  })

  it('cuts rect out first, and crops around crop edges and focal points', async () => {
    expect(await colourAt((await render(halves, { rect: '300,0,100,200' })).bytes)).toEqual([0, 0, 255])
    const square = { w: '100', h: '100', fit: 'crop' }
    expect(await colourAt((await render(halves, { ...square, crop: 'left' })).bytes)).toEqual([255, 0, 0])
    expect(await colourAt((await render(halves, { ...square, crop: 'right' })).bytes)).toEqual([0, 0, 255])
    expect(await colourAt((await render(halves, { ...square, 'fp-x': '0.9', 'fp-y': '0.5' })).bytes)).toEqual([0, 0, 255])
    // rect, then the crop centred within it: x 100–200 of the 0–300 cut, all red (the whole image's centre is the seam).
    const tall = { w: '50', h: '100', fit: 'crop', rect: '0,0,300,200' }
    expect(await colourAt((await render(halves, tall)).bytes)).toEqual([255, 0, 0])
    expect((await render(halves, { ...square, crop: 'entropy' })).metadata).toMatchObject({ width: 100, height: 100 })
  })

  it('clips rect to the image and refuses one wholly outside it', async () => {
    expect((await render(halves, { rect: '300,100,500,500' })).metadata).toMatchObject({ width: 100, height: 100 })
    await expect(render(halves, { rect: '400,0,10,10' })).rejects.toThrow(ImageParamError)
    await expect(render(halves, { rect: '400,0,10,10' })).rejects.toThrow(
      'Invalid "rect=400,0,10,10": it lies outside the 400x200 image',
    )
  })

  it('flattens transparency onto bg for JPEG, and rasterises SVG to PNG', async () => {
    const clear = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer()
    const jpeg = await render(clear, { bg: 'ff0000' }, 'jpg')
    expect(jpeg.metadata).toMatchObject({ format: 'jpeg', channels: 3 })
    const [r = 0, g = 255, b = 255] = await colourAt(jpeg.bytes)
    expect(r).toBeGreaterThan(240)
    expect(g + b).toBeLessThan(20)

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>')
    const raster = await transform(svg, 'svg', parseImageParams({ w: '20' }), undefined)
    expect(raster.mimeType).toBe('image/png')
    expect(await sharp(raster.bytes).metadata()).toMatchObject({ format: 'png', width: 20, height: 10 })
    expect((await transform(svg, 'svg', parseImageParams({}), undefined)).bytes).toBe(svg)
  })

  it('scales a box beyond 4096 px down to fit, keeping its shape', async () => {
    const padded = await render(halves, { w: '4000', h: '100', dpr: '2', fit: 'fill' }, 'jpg')
    expect(padded.metadata).toMatchObject({ width: 4096, height: 102 })
  })
})
