/**
 * Answers an image URL of the local dataset: parses the Sanity image
 * parameters, picks the format from the Accept header, and renders it, keeping
 * recent renders in memory since every page view asks for the same few.
 */
import { readFile } from 'node:fs/promises'
import { LRUCache } from 'lru-cache'
import { negotiateFormat, parseImageParams } from './image-params.ts'
import { transformImage } from './image-transform.ts'
import type { LocalImageFile } from './local-dataset.ts'

export interface ImageResponse {
  bytes: Buffer
  mimeType: string
  /** The format followed the Accept header (`auto=format`): caches must key on it too. */
  variesByAccept: boolean
}

export interface ImageRequest {
  /** The file name in the URL, `{sha1}-{w}x{h}.{ext}`: content-addressed, so a safe cache key. */
  fileName: string
  image: LocalImageFile
  query: Record<string, string | string[] | undefined>
  accept: string | undefined
}

/** Enough for every size of a page's images many times over, small next to the server's memory. */
const CACHE_LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 }

/**
 * Returns a function answering image requests. It throws ImageParamError for a bad
 * query (a 400) and the file system's error when the file is gone (a 404).
 */
export function createImageDelivery(limits = CACHE_LIMITS) {
  // Bounded by count and by bytes, so the renders kept cannot grow the server's memory without limit;
  // a render bigger than maxBytes is not kept at all.
  const cache = new LRUCache<string, ImageResponse>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (response) => Math.max(1, response.bytes.byteLength),
  })

  return async ({ fileName, image, query, accept }: ImageRequest): Promise<ImageResponse> => {
    const params = parseImageParams(query)
    const format = negotiateFormat(params, accept)
    const key = `${fileName}?${JSON.stringify(params)}>${format ?? 'source'}`
    const cached = cache.get(key)
    if (cached) return cached

    const source = await readFile(image.filePath)
    const rendered = await transformImage(source, image.extension, params, format)
    const response = { ...rendered, variesByAccept: params.autoFormat }
    // Originals are read from disk each time, as before: they can be large and need no work.
    if (rendered.bytes !== source) cache.set(key, response)
    return response
  }
}
