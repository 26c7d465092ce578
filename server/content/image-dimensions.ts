/**
 * Reads an image's format and pixel size from its header bytes, the way
 * Sanity does on upload, so seed images get the same asset ids and
 * `metadata.dimensions` as an imported dataset. Covers the formats a landing
 * page uses (PNG, JPEG, WebP, GIF, SVG); anything else is reported as
 * unsupported rather than guessed.
 */

export type ImageFormat = 'png' | 'jpg' | 'webp' | 'gif' | 'svg'

export interface ImageInfo {
  /** Extension Sanity uses in asset ids and URLs (`jpg`, never `jpeg`). */
  extension: ImageFormat
  mimeType: string
  width: number
  height: number
}

const MIME_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
}

export class UnsupportedImageError extends Error {
  override name = 'UnsupportedImageError'
}

/** Returns the format and size of an image, or throws UnsupportedImageError. */
export function readImageInfo(bytes: Uint8Array): ImageInfo {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const size = readPng(buf) ?? readGif(buf) ?? readJpeg(buf) ?? readWebp(buf) ?? readSvg(buf)
  if (!size) throw new UnsupportedImageError('not a PNG, JPEG, WebP, GIF or SVG image, or its header is truncated')
  const [extension, width, height] = size
  if (!(width > 0 && height > 0)) {
    throw new UnsupportedImageError(`image header gives an invalid size ${width}x${height}`)
  }
  return { extension, mimeType: MIME_TYPES[extension], width, height }
}

type Size = [ImageFormat, number, number]

function readPng(buf: Buffer): Size | undefined {
  // Signature, then the IHDR chunk: length(4) "IHDR" width(4) height(4).
  if (buf.length < 24) return undefined
  if (buf.readUInt32BE(0) !== 0x89504e47 || buf.readUInt32BE(4) !== 0x0d0a1a0a) return undefined
  if (buf.toString('latin1', 12, 16) !== 'IHDR') return undefined
  return ['png', buf.readUInt32BE(16), buf.readUInt32BE(20)]
}

function readGif(buf: Buffer): Size | undefined {
  if (buf.length < 10) return undefined
  const sig = buf.toString('latin1', 0, 6)
  if (sig !== 'GIF87a' && sig !== 'GIF89a') return undefined
  return ['gif', buf.readUInt16LE(6), buf.readUInt16LE(8)]
}

function readJpeg(buf: Buffer): Size | undefined {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return undefined
  let offset = 2
  while (offset + 4 <= buf.length) {
    if (buf[offset] !== 0xff) return undefined
    const marker = buf[offset + 1]
    if (marker === undefined) return undefined
    if (marker === 0xff) {
      offset += 1 // fill byte
      continue
    }
    // Markers without a length field.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    const length = buf.readUInt16BE(offset + 2)
    // Start-of-frame markers (baseline, progressive, lossless, ...), except
    // DHT (c4), JPG (c8) and DAC (cc) which share the range.
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) {
      if (offset + 9 > buf.length) return undefined
      return ['jpg', buf.readUInt16BE(offset + 7), buf.readUInt16BE(offset + 5)]
    }
    if (marker === 0xd9 || marker === 0xda) return undefined // end of image / start of scan before any frame
    offset += 2 + length
  }
  return undefined
}

function readWebp(buf: Buffer): Size | undefined {
  if (buf.length < 30) return undefined
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') return undefined
  const chunk = buf.toString('latin1', 12, 16)
  if (chunk === 'VP8X') {
    return ['webp', buf.readUIntLE(24, 3) + 1, buf.readUIntLE(27, 3) + 1]
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes) + start code 9d 01 2a, then 14-bit width/height.
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return undefined
    return ['webp', buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff]
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return undefined
    const bits = buf.readUInt32LE(21)
    return ['webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1]
  }
  return undefined
}

function readSvg(buf: Buffer): Size | undefined {
  const text = buf.toString('utf8', 0, Math.min(buf.length, 64 * 1024))
  const tag = /<svg\b([^>]*)>/i.exec(text)
  if (!tag) return undefined
  const attrs = tag[1] ?? ''
  const attr = (name: string): string | undefined =>
    new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i')
      .exec(attrs)
      ?.slice(1)
      .find((v) => v !== undefined)
  // Absolute lengths only: percentages and em sizes depend on the page.
  const length = (value: string | undefined): number | undefined => {
    const m = value === undefined ? null : /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value)
    return m?.[1] === undefined ? undefined : Number(m[1])
  }
  const width = length(attr('width'))
  const height = length(attr('height'))
  const viewBox = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number)
  const vbWidth = viewBox?.[2]
  const vbHeight = viewBox?.[3]
  const hasViewBox = vbWidth !== undefined && vbHeight !== undefined && vbWidth > 0 && vbHeight > 0
  if (width !== undefined && height !== undefined) return ['svg', Math.round(width), Math.round(height)]
  if (!hasViewBox) return undefined
  if (width !== undefined) return ['svg', Math.round(width), Math.round((width * vbHeight) / vbWidth)]
  if (height !== undefined) return ['svg', Math.round((height * vbWidth) / vbHeight), Math.round(height)]
  return ['svg', Math.round(vbWidth), Math.round(vbHeight)]
}
