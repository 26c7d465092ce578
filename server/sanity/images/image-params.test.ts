import { createImageUrlBuilder } from '@sanity/image-url'
import { describe, expect, it } from 'vitest'
import { ImageParamError, negotiateFormats, parseImageParams } from './image-params.ts'

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

describe('parseImageParams', () => {
  it('reads what @sanity/image-url builds for a hotspot crop', () => {
    const url = createImageUrlBuilder({ projectId: 'local', dataset: 'production' })
      .image({
        asset: { _ref: 'image-0123456789abcdef0123456789abcdef01234567-400x300-png' },
        hotspot: { x: 0.25, y: 0.5, width: 0.2, height: 0.2 },
      })
      .width(56)
      .height(56)
      .fit('crop')
      .auto('format')
      .dpr(2)
      .quality(60)
      .url()
    const query = Object.fromEntries(new URL(url).searchParams)
    expect(query['rect']).toBeDefined()
    expect(parseImageParams(query)).toEqual({
      rect: { left: 0, top: 0, width: 300, height: 300 },
      width: 56,
      height: 56,
      dpr: 2,
      fit: 'crop',
      crop: { x: 0.5, y: 0.5 },
      background: undefined,
      format: undefined,
      autoFormat: true,
      quality: 60,
    })
  })

  it('defaults to the whole image, clipped, centred, in its own format', () => {
    expect(parseImageParams({ v: 'cache-buster' })).toEqual({
      dpr: 1,
      fit: 'clip',
      crop: { x: 0.5, y: 0.5 },
      autoFormat: false,
    })
  })

  it('reads crop edges, focal points, entropy and Sanity-ordered ARGB backgrounds', () => {
    expect(parseImageParams({ crop: 'top,left' }).crop).toEqual({ x: 0, y: 0 })
    expect(parseImageParams({ crop: 'bottom' }).crop).toEqual({ x: 0.5, y: 1 })
    expect(parseImageParams({ crop: 'focalpoint', 'fp-x': '0.9', 'fp-y': '.1' }).crop).toEqual({ x: 0.9, y: 0.1 })
    // image-url's .focalPoint() sends only fp-x/fp-y.
    expect(parseImageParams({ 'fp-x': '1', 'fp-y': '0' }).crop).toEqual({ x: 1, y: 0 })
    expect(parseImageParams({ crop: 'entropy' }).crop).toBe('entropy')
    expect(parseImageParams({ bg: 'f00' }).background).toBe('#ff0000ff')
    expect(parseImageParams({ bg: '80ff0000' }).background).toBe('#ff000080')
    expect(parseImageParams({ bg: '00FF00' }).background).toBe('#00ff00ff')
  })

  it.each([
    [{ w: '0' }, 'Invalid "w=0": expected a whole number from 1 to 4096'],
    [{ w: '4097' }, 'Invalid "w=4097": expected a whole number from 1 to 4096'],
    [{ h: '1.5' }, 'Invalid "h=1.5": expected a whole number from 1 to 4096'],
    [{ q: '101' }, 'Invalid "q=101": expected a whole number from 0 to 100'],
    [{ dpr: '4' }, 'Invalid "dpr=4": expected a number from 1 to 3'],
    [{ fit: 'cover' }, 'Invalid "fit=cover": expected one of clip, crop, fill, fillmax, max, min, scale'],
    [{ fm: 'tiff' }, 'Invalid "fm=tiff": expected one of jpg, pjpg, png, webp, avif'],
    [{ auto: 'compress' }, 'Invalid "auto=compress": the only value is "format"'],
    [{ rect: '1,2,3' }, 'Invalid "rect=1,2,3": expected left,top,width,height in whole pixels'],
    [{ rect: '0,0,0,10' }, 'with a width and height of at least 1'],
    [{ bg: 'white' }, 'Invalid "bg=white": expected a hex colour as RGB, ARGB, RRGGBB or AARRGGBB'],
    [{ 'fp-x': '2' }, 'Invalid "fp-x=2": expected a number from 0 to 1'],
    [{ crop: 'middle' }, 'Invalid "crop=middle": expected top, bottom, left, right or center'],
    [{ w: ['10', '20'] }, 'Parameter "w" given more than once'],
    [{ blur: '50' }, 'Parameter "blur" is not supported by the local image endpoint'],
  ])('refuses %o', (query, message) => {
    expect(() => parseImageParams(query)).toThrow(ImageParamError)
    expect(() => parseImageParams(query)).toThrow(message)
  })
})

describe('negotiateFormats', () => {
  const auto = parseImageParams({ auto: 'format' })

  it('picks AVIF, then WebP, only when the browser names them', () => {
    expect(negotiateFormats(auto, CHROME_ACCEPT)).toEqual(['avif', 'webp', undefined])
    expect(negotiateFormats(auto, 'image/webp,*/*')).toEqual(['webp', undefined])
    expect(negotiateFormats(auto, 'image/avif;q=0, image/webp;q=0.5')).toEqual(['webp', undefined])
    expect(negotiateFormats(auto, '*/*')).toEqual([undefined])
    expect(negotiateFormats(auto, undefined)).toEqual([undefined])
  })

  it('falls back on fm, and follows fm alone without auto=format', () => {
    expect(negotiateFormats(parseImageParams({ auto: 'format', fm: 'jpg' }), 'image/png')).toEqual(['jpg'])
    expect(negotiateFormats(parseImageParams({ fm: 'png' }), CHROME_ACCEPT)).toEqual(['png'])
  })
})
