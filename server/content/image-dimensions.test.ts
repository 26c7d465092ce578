import { describe, expect, it } from 'vitest'
import { readImageInfo } from './image-dimensions.ts'
import { makePng } from './test-fixture.ts'

function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const sof = Buffer.alloc(19)
  sof.set([0xff, 0xc2, 0x00, 0x11, 0x08]) // progressive, length 17, 8-bit
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])])
}

function riff(chunk: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(20)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(12 + payload.length, 4)
  header.write('WEBP', 8, 'latin1')
  header.write(chunk, 12, 'latin1')
  header.writeUInt32LE(payload.length, 16)
  return Buffer.concat([header, payload, Buffer.alloc(16)])
}

describe('readImageInfo', () => {
  it('reads PNG', () => {
    expect(readImageInfo(makePng(7, 5))).toEqual({ extension: 'png', mimeType: 'image/png', width: 7, height: 5 })
  })

  it('reads JPEG past other segments, naming it jpg', () => {
    expect(readImageInfo(jpeg(640, 480))).toEqual({ extension: 'jpg', mimeType: 'image/jpeg', width: 640, height: 480 })
  })

  it('reads the three WebP variants', () => {
    const vp8x = Buffer.alloc(10)
    vp8x.writeUIntLE(1200 - 1, 4, 3)
    vp8x.writeUIntLE(630 - 1, 7, 3)
    expect(readImageInfo(riff('VP8X', vp8x))).toMatchObject({ extension: 'webp', width: 1200, height: 630 })

    const vp8 = Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a, 0, 0, 0, 0])
    vp8.writeUInt16LE(320, 6)
    vp8.writeUInt16LE(240, 8)
    expect(readImageInfo(riff('VP8 ', vp8))).toMatchObject({ width: 320, height: 240 })

    const vp8l = Buffer.alloc(5)
    vp8l[0] = 0x2f
    vp8l.writeUInt32LE((100 - 1) | ((50 - 1) << 14), 1)
    expect(readImageInfo(riff('VP8L', vp8l))).toMatchObject({ mimeType: 'image/webp', width: 100, height: 50 })
  })

  it('reads GIF', () => {
    const gif = Buffer.alloc(13)
    gif.write('GIF89a', 0, 'latin1')
    gif.writeUInt16LE(16, 6)
    gif.writeUInt16LE(9, 8)
    expect(readImageInfo(gif)).toMatchObject({ extension: 'gif', width: 16, height: 9 })
  })

  it('reads SVG from width/height, viewBox, or both', () => {
    const svg = (attrs: string) =>
      Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><path d="M0 0"/></svg>`)
    expect(readImageInfo(svg('width="120" height="40px"'))).toEqual({
      extension: 'svg',
      mimeType: 'image/svg+xml',
      width: 120,
      height: 40,
    })
    expect(readImageInfo(svg("viewBox='0 0 24 12'"))).toMatchObject({ width: 24, height: 12 })
    expect(readImageInfo(svg('width="48" viewBox="0 0 24 12"'))).toMatchObject({ width: 48, height: 24 })
    expect(readImageInfo(svg('width="100%" height="100%" viewBox="0,0,30,10"'))).toMatchObject({ width: 30, height: 10 })
  })

  it('refuses what it cannot size', () => {
    expect(() => readImageInfo(Buffer.from('hello world, not an image'))).toThrow(/not a PNG, JPEG/)
    expect(() => readImageInfo(Buffer.from('<svg width="100%"></svg>'))).toThrow()
    expect(() => readImageInfo(makePng(4, 4).subarray(0, 20))).toThrow()
  })
})
