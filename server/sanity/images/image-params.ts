/**
 * Reads the query string of an image URL the way Sanity's image API does, for
 * the parameters `@sanity/image-url` builds: `rect`, `w`, `h`, `dpr`, `fit`,
 * `crop`, `fp-x`, `fp-y`, `bg`, `fm`, `auto` and `q`. Anything malformed is an
 * ImageParamError naming the parameter, answered with a 400.
 */

/** Largest width or height served; bigger boxes are scaled down to fit it. */
export const MAX_SIZE = 4096

export type Fit = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'min' | 'scale'
export type RequestedFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif'

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/** Where a crop keeps its centre, as fractions of the width and height (0.5, 0.5 is the middle). */
export interface Focus {
  x: number
  y: number
}

export interface ImageParams {
  /** Cut out first, in pixels of the original; everything else applies to what is left. */
  rect?: Rect
  width?: number
  height?: number
  /** Device pixel ratio: multiplies `width` and `height`. */
  dpr: number
  fit: Fit
  /** For `fit=crop`/`min`: a point to keep in view, or libvips' busiest-region search. */
  crop: Focus | 'entropy'
  /** For `fit=fill`/`fillmax`: the padding colour, `#rrggbbaa`. */
  background?: string
  format?: RequestedFormat
  /** `auto=format`: AVIF or WebP when the browser says it takes them. */
  autoFormat: boolean
  quality?: number
}

export class ImageParamError extends Error {
  override name = 'ImageParamError'
}

const FITS: readonly Fit[] = ['clip', 'crop', 'fill', 'fillmax', 'max', 'min', 'scale']
const FORMATS: readonly RequestedFormat[] = ['jpg', 'pjpg', 'png', 'webp', 'avif']

/**
 * Sanity parameters this endpoint does not implement. Refusing them shows the gap
 * at once, where ignoring them would make local pages quietly differ from hosted ones.
 */
const UNSUPPORTED = ['blur', 'sharp', 'invert', 'or', 'sat', 'pad', 'frame', 'dl', 'flip', 'min-w', 'min-h', 'max-w', 'max-h']

type Query = Record<string, string | string[] | undefined>

/** Parses an image URL's query; keys Sanity does not define (a cache-buster, say) are ignored, as the CDN does. */
export function parseImageParams(query: Query): ImageParams {
  const get = (key: string): string | undefined => {
    const value = query[key]
    if (Array.isArray(value)) throw new ImageParamError(`Parameter "${key}" given more than once`)
    return value
  }
  for (const key of UNSUPPORTED) {
    if (get(key) !== undefined) {
      throw new ImageParamError(`Parameter "${key}" is not supported by the local image endpoint (Sanity's CDN supports it)`)
    }
  }
  const fpX = optional(get('fp-x'), (raw) => fraction('fp-x', raw))
  const fpY = optional(get('fp-y'), (raw) => fraction('fp-y', raw))
  const auto = get('auto')
  if (auto !== undefined && auto !== 'format') throw new ImageParamError(`Invalid "auto=${auto}": the only value is "format"`)
  return {
    rect: optional(get('rect'), parseRect),
    width: optional(get('w'), (raw) => integer('w', raw, 1, MAX_SIZE)),
    height: optional(get('h'), (raw) => integer('h', raw, 1, MAX_SIZE)),
    dpr: optional(get('dpr'), parseDpr) ?? 1,
    fit: optional(get('fit'), (raw) => oneOf('fit', raw, FITS)) ?? 'clip',
    crop: parseCrop(get('crop'), fpX !== undefined || fpY !== undefined ? { x: fpX ?? 0.5, y: fpY ?? 0.5 } : undefined),
    background: optional(get('bg'), parseBackground),
    format: optional(get('fm'), (raw) => oneOf('fm', raw, FORMATS)),
    autoFormat: auto === 'format',
    quality: optional(get('q'), (raw) => integer('q', raw, 0, 100)),
  }
}

/**
 * The formats `auto=format` may pick from the request's Accept header, best first, as Sanity's
 * CDN does: AVIF, then WebP, only when the browser names them. Last comes `fm`, or undefined for
 * the source's format. The first is the answer unless it is over the render budget (see
 * image-delivery.ts), which the next, cheaper one may fit.
 */
export function negotiateFormats(params: ImageParams, accept: string | undefined): (RequestedFormat | undefined)[] {
  const formats: (RequestedFormat | undefined)[] = []
  if (params.autoFormat) {
    const accepted = new Set(
      (accept ?? '')
        .split(',')
        .map((part) => part.split(';'))
        .filter(([, ...options]) => !options.some((option) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(option)))
        .map(([type = '']) => type.trim().toLowerCase()),
    )
    if (accepted.has('image/avif')) formats.push('avif')
    if (accepted.has('image/webp')) formats.push('webp')
  }
  return [...formats, params.format]
}

function optional<T>(raw: string | undefined, parse: (raw: string) => T): T | undefined {
  return raw === undefined ? undefined : parse(raw)
}

function integer(key: string, raw: string, min: number, max: number): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!(value >= min && value <= max)) {
    throw new ImageParamError(`Invalid "${key}=${raw}": expected a whole number from ${min} to ${max}`)
  }
  return value
}

function fraction(key: string, raw: string): number {
  const value = /^\d*\.?\d+$/.test(raw) ? Number(raw) : NaN
  if (!(value >= 0 && value <= 1)) throw new ImageParamError(`Invalid "${key}=${raw}": expected a number from 0 to 1`)
  return value
}

function oneOf<T extends string>(key: string, raw: string, values: readonly T[]): T {
  const value = values.find((known) => known === raw)
  if (!value) throw new ImageParamError(`Invalid "${key}=${raw}": expected one of ${values.join(', ')}`)
  return value
}

function parseRect(raw: string): Rect {
  const parts = raw.split(',')
  const numbers = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : NaN))
  const [left = NaN, top = NaN, width = NaN, height = NaN] = numbers
  if (parts.length !== 4 || numbers.some(Number.isNaN) || width < 1 || height < 1) {
    throw new ImageParamError(
      `Invalid "rect=${raw}": expected left,top,width,height in whole pixels, with a width and height of at least 1`,
    )
  }
  return { left, top, width, height }
}

function parseDpr(raw: string): number {
  const value = /^\d*\.?\d+$/.test(raw) ? Number(raw) : NaN
  if (!(value >= 1 && value <= 3)) throw new ImageParamError(`Invalid "dpr=${raw}": expected a number from 1 to 3`)
  return value
}

/** `crop=top,left`, `crop=center`, `crop=focalpoint` (with fp-x/fp-y) or `crop=entropy`. */
function parseCrop(raw: string | undefined, focalPoint: Focus | undefined): Focus | 'entropy' {
  // A focal point alone is what image-url's .focalPoint() sends; it means crop around it.
  if (raw === undefined) return focalPoint ?? { x: 0.5, y: 0.5 }
  const words = raw.split(',')
  if (words.length === 1 && words[0] === 'entropy') return 'entropy'
  if (words.length === 1 && words[0] === 'focalpoint') return focalPoint ?? { x: 0.5, y: 0.5 }
  const focus = { x: 0.5, y: 0.5 }
  const edges: Record<string, [axis: 'x' | 'y', at: number]> = {
    top: ['y', 0],
    bottom: ['y', 1],
    left: ['x', 0],
    right: ['x', 1],
    center: ['x', 0.5],
  }
  for (const word of words) {
    const edge = edges[word]
    if (!edge) {
      throw new ImageParamError(
        `Invalid "crop=${raw}": expected top, bottom, left, right or center (comma-separated), focalpoint or entropy`,
      )
    }
    focus[edge[0]] = edge[1]
  }
  return focus
}

/** Sanity's `bg` is RGB, ARGB, RRGGBB or AARRGGBB in hex; alpha comes first. */
function parseBackground(raw: string): string {
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(raw)) {
    throw new ImageParamError(`Invalid "bg=${raw}": expected a hex colour as RGB, ARGB, RRGGBB or AARRGGBB`)
  }
  const full = raw.length <= 4 ? [...raw].map((digit) => digit + digit).join('') : raw
  const argb = full.length === 6 ? `ff${full}` : full
  return `#${argb.slice(2)}${argb.slice(0, 2)}`.toLowerCase()
}
