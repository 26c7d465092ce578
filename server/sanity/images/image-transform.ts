/**
 * Renders an image as Sanity's image API would for the given parameters, with
 * sharp: cut out `rect`, size to the `w`×`h` box by `fit`, then encode. Unlike
 * Sanity's CDN it never scales the picture up: a box larger than the source
 * gets the largest image of the requested shape the source holds.
 */
import sharp from 'sharp'
import type { Sharp } from 'sharp'
import { MIME_TYPES, type ImageFormat } from './image-metadata.ts'
import { ImageParamError, MAX_SIZE, type ImageParams, type Rect, type RequestedFormat } from './image-params.ts'

/** What sharp writes: any raster format asked for or kept from the source. */
type OutputFormat = Exclude<ImageFormat, 'svg'> | RequestedFormat

export interface TransformedImage {
  bytes: Buffer
  mimeType: string
}

export interface Size {
  width: number
  height: number
}

/** Sizes the region is brought to: `cover` cuts a part of it first; `canvas` pads around it. */
interface SizePlan extends Size {
  cover?: Rect | 'entropy'
  canvas?: Size
}

// Renders are kept by image-delivery.ts already; libvips' own cache of operations (up to 50 MB)
// would only hold memory a burst of distinct renders leaves behind.
sharp.cache(false)

/** Sanity's default quality; sharp's AVIF default (50) looks about as good at a smaller size. */
const DEFAULT_QUALITY = { avif: 50, other: 75 }
const WHITE = '#ffffffff'

/** A render decided from the source's size alone: cut, resize, pad, encode. */
interface RenderPlan {
  output: OutputFormat
  /** The part of the (auto-oriented) source kept; the whole source when nothing is cut. */
  cut: Rect
  /** The source's size, to tell whether `cut` cuts anything. */
  full: Size
  /** What the cut part is resized to; `entropy` lets libvips pick the busiest part of that shape. */
  resize: Size & { entropy: boolean }
  /** Padding around the resized image up to this size (`fit=fill`/`fillmax`). */
  canvas?: Size
  background: string
  quality: number | undefined
  /** What the render costs: its pixels, weighted by how slow their format is to encode (see costPerPixel). */
  cost: number
}

/** The source as it is, or a render. */
export type TransformPlan = { original: true; mimeType: string } | ({ original: false } & RenderPlan)

/**
 * How much slower than WebP a format encodes a pixel, measured here with sharp 0.35
 * (docs/decisions/0029-bounded-image-renders.md): AVIF is 25 times as slow at its default quality (50) and grows
 * steeply above it, to 90 times at 100; GIF about 3 times; JPEG and PNG no slower.
 */
function costPerPixel(format: OutputFormat, quality: number | undefined): number {
  if (format === 'avif') return 25 + 1.3 * Math.max(0, (quality ?? DEFAULT_QUALITY.avif) - 50)
  return format === 'gif' ? 3 : 1
}

/**
 * Plans the transform from the source's size (after its EXIF orientation), its format and the
 * parameters. `format` is the one asked for (see negotiateFormat), or undefined to keep the
 * source's. The plan keeps the source untouched when nothing would change.
 */
export function planTransform(
  full: Size,
  sourceFormat: ImageFormat,
  params: ImageParams,
  format: RequestedFormat | undefined,
): TransformPlan {
  const region = params.rect ? clip(params.rect, full) : { left: 0, top: 0, ...full }
  const plan = planSize(region, params)
  const reshaped = Boolean(params.rect) || plan.cover || plan.canvas || plan.width !== full.width || plan.height !== full.height
  if (!reshaped && (format ?? sourceFormat) === sourceFormat && params.quality === undefined) {
    return { original: true, mimeType: MIME_TYPES[sourceFormat] }
  }
  // A vector source is rasterised once anything changes; PNG keeps its transparency.
  const output = format ?? (sourceFormat === 'svg' ? 'png' : sourceFormat)
  // One cut: sharp treats a second extract before a resize as one after it.
  const cut = plan.cover && plan.cover !== 'entropy' ? within(region, plan.cover) : region
  const outputSize = plan.canvas ?? plan
  return {
    original: false,
    output,
    cut,
    full,
    resize: { width: plan.width, height: plan.height, entropy: plan.cover === 'entropy' },
    ...(plan.canvas ? { canvas: plan.canvas } : {}),
    background: params.background ?? WHITE,
    quality: params.quality,
    cost: outputSize.width * outputSize.height * costPerPixel(output, params.quality),
  }
}

/** Renders a plan; `source` is the original file (returned as it is for an `original` plan). */
export async function transformImage(
  source: Buffer,
  plan: TransformPlan,
  { timeoutSeconds = 0 } = {},
): Promise<TransformedImage> {
  if (plan.original) return { bytes: source, mimeType: plan.mimeType }
  const { output, cut, full, resize, canvas, background } = plan
  const image = sharp(source, { autoOrient: true }).timeout({ seconds: timeoutSeconds })
  if (cut.width !== full.width || cut.height !== full.height) image.extract(cut)
  const entropy = { fit: 'cover', position: sharp.strategy.entropy } as const
  image.resize(resize.width, resize.height, resize.entropy ? entropy : { fit: 'fill' })
  if (canvas) {
    const x = canvas.width - resize.width
    const y = canvas.height - resize.height
    const [left, top] = [Math.floor(x / 2), Math.floor(y / 2)]
    image.extend({ left, right: x - left, top, bottom: y - top, background })
  }
  // JPEG has no transparency: see-through pixels (source or padding) sit on the background.
  if (output === 'jpg' || output === 'pjpg') image.flatten({ background: background.slice(0, 7) })
  return { bytes: await encode(image, output, plan.quality).toBuffer(), mimeType: mimeTypeOf(output) }
}

/** `rect` as Sanity's CDN takes it: whatever part of it lies inside the image. */
function clip(rect: Rect, { width, height }: Size): Rect {
  const left = Math.min(rect.left, width)
  const top = Math.min(rect.top, height)
  const clipped = {
    left,
    top,
    width: Math.min(rect.width, width - left),
    height: Math.min(rect.height, height - top),
  }
  if (clipped.width < 1 || clipped.height < 1) {
    throw new ImageParamError(
      `Invalid "rect=${rect.left},${rect.top},${rect.width},${rect.height}": it lies outside the ${width}x${height} image`,
    )
  }
  return clipped
}

function planSize(source: Size, { width, height, dpr, fit, crop }: ImageParams): SizePlan {
  if (width === undefined && height === undefined) return { width: source.width, height: source.height }
  let box = {
    width: width === undefined ? undefined : width * dpr,
    height: height === undefined ? undefined : height * dpr,
  }
  const tooBig = Math.max(box.width ?? 0, box.height ?? 0) / MAX_SIZE
  if (tooBig > 1) box = { width: box.width && box.width / tooBig, height: box.height && box.height / tooBig }

  const { width: w, height: h } = box
  // One side given: the other follows the source's shape, whatever the fit.
  if (w === undefined) return scaled(source, Math.min(1, (h ?? source.height) / source.height))
  if (h === undefined) return scaled(source, Math.min(1, w / source.width))
  switch (fit) {
    case 'clip':
    case 'max':
      return scaled(source, Math.min(1, w / source.width, h / source.height))
    case 'fill':
    case 'fillmax': {
      const inner = scaled(source, Math.min(1, w / source.width, h / source.height))
      return { ...inner, canvas: { width: Math.round(w), height: Math.round(h) } }
    }
    case 'scale':
      return { width: Math.round(Math.min(w, source.width)), height: Math.round(Math.min(h, source.height)) }
    case 'crop':
    case 'min': {
      const out = scaled({ width: w, height: h }, Math.min(1, source.width / w, source.height / h))
      if (crop === 'entropy') return { ...out, cover: 'entropy' }
      // The largest part of the source with the output's shape, centred on the focus, kept inside.
      const part = {
        width: Math.min(source.width, Math.max(1, Math.round((source.height * w) / h))),
        height: Math.min(source.height, Math.max(1, Math.round((source.width * h) / w))),
      }
      const at = (focus: number, whole: number, length: number) =>
        Math.round(Math.min(Math.max(focus * whole - length / 2, 0), whole - length))
      return {
        ...out,
        cover: { left: at(crop.x, source.width, part.width), top: at(crop.y, source.height, part.height), ...part },
      }
    }
  }
}

function scaled({ width, height }: Size, scale: number): Size {
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** `part`, given relative to `region`, in the full image's coordinates. */
function within(region: Rect, part: Rect): Rect {
  return { ...part, left: region.left + part.left, top: region.top + part.top }
}

function encode(image: Sharp, format: OutputFormat, quality: number | undefined): Sharp {
  // Sanity takes q=0 as the lowest quality; sharp's lowest is 1.
  const q = Math.max(1, quality ?? (format === 'avif' ? DEFAULT_QUALITY.avif : DEFAULT_QUALITY.other))
  switch (format) {
    case 'jpg':
      return image.jpeg({ quality: q, mozjpeg: true })
    case 'pjpg':
      return image.jpeg({ quality: q, mozjpeg: true, progressive: true })
    case 'webp':
      return image.webp({ quality: q })
    case 'avif':
      return image.avif({ quality: q })
    case 'png':
      return image.png()
    case 'gif':
      return image.gif()
  }
}

function mimeTypeOf(format: OutputFormat): string {
  return format === 'pjpg' ? MIME_TYPES.jpg : format === 'avif' ? 'image/avif' : MIME_TYPES[format]
}
