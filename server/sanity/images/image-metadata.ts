/**
 * What Sanity records about an image on upload, read with sharp: the format
 * and pixel size that go into the asset id and URL, and the `metadata` fields
 * a page uses (`dimensions`, `lqip`, `hasAlpha`, `isOpaque`). Seed images then
 * get the same asset documents as an imported dataset.
 */
import sharp from 'sharp'
import type { Metadata } from 'sharp'

/** Formats a landing page uses; anything else is refused rather than guessed. */
export type ImageFormat = 'png' | 'jpg' | 'webp' | 'gif' | 'svg'

export interface ImageMetadata {
  /** Extension Sanity uses in asset ids and URLs (`jpg`, never `jpeg`). */
  extension: ImageFormat
  mimeType: string
  /** As displayed, after the EXIF orientation: the frame `rect=` coordinates refer to. */
  width: number
  height: number
  hasAlpha: boolean
  /** False when some pixel is at least partly transparent. */
  isOpaque: boolean
  /** A `data:image/jpeg;base64,…` placeholder about 20 px wide, as Sanity's `metadata.lqip`. */
  lqip: string
}

export const MIME_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
}

const SHARP_FORMATS: Record<string, ImageFormat> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif', svg: 'svg' }

/** Sanity's placeholders are 20 px wide; the browser's upscaling blurs them. */
const LQIP_WIDTH = 20

export class UnsupportedImageError extends Error {
  override name = 'UnsupportedImageError'
}

/** Returns the image's metadata, or throws UnsupportedImageError for anything sharp cannot read. */
export async function readImageMetadata(bytes: Uint8Array): Promise<ImageMetadata> {
  const image = sharp(bytes, { autoOrient: true })
  let info: Metadata
  try {
    info = await image.metadata()
  } catch (err) {
    throw new UnsupportedImageError(`not a readable PNG, JPEG, WebP, GIF or SVG image (${errorMessage(err)})`, { cause: err })
  }
  const extension = SHARP_FORMATS[info.format]
  if (!extension) {
    throw new UnsupportedImageError(`${info.format} images are not supported: use PNG, JPEG, WebP, GIF or SVG`)
  }
  const { width, height } = info.autoOrient
  try {
    const [stats, placeholder] = await Promise.all([
      image.clone().stats(),
      image
        .clone()
        .resize(LQIP_WIDTH, Math.max(1, Math.round((LQIP_WIDTH * height) / width)), { fit: 'fill' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 40 })
        .toBuffer(),
    ])
    return {
      extension,
      mimeType: MIME_TYPES[extension],
      width,
      height,
      hasAlpha: info.hasAlpha,
      isOpaque: stats.isOpaque,
      lqip: `data:image/jpeg;base64,${placeholder.toString('base64')}`,
    }
  } catch (err) {
    // The header was fine but the pixels are not (a truncated file, say).
    throw new UnsupportedImageError(`cannot decode the image data (${errorMessage(err)})`, { cause: err })
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
