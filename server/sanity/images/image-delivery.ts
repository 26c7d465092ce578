/**
 * Answers an image URL of the local dataset: parses the Sanity image parameters, picks the
 * format from the Accept header, and renders it, keeping recent renders in memory since every
 * page view asks for the same few. Renders are bounded (docs/decisions/0029-bounded-image-renders.md): each by a cost
 * budget and a time limit, all of them by a small queue that also merges identical requests.
 */
import { readFile } from 'node:fs/promises'
import { LRUCache } from 'lru-cache'
import { ImageParamError, negotiateFormats, parseImageParams } from './image-params.ts'
import { planTransform, transformImage, type TransformPlan } from './image-transform.ts'
import type { LocalImageFile } from '../local-dataset.ts'
import { createRenderQueue, QueueFullError } from './render-queue.ts'
import { DEFAULT_RENDER_LIMITS } from '../content-bounds.ts'

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
  /** Aborts when the client has gone: a render it alone waited for and that has not started is dropped. */
  signal: AbortSignal
}

/** Enough for every size of a page's images many times over, small next to the server's memory. */
const CACHE_LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 }

/** The server busy with other renders (queue full, or this render ran out of time): a 503 worth retrying. */
export class ImageBusyError extends Error {
  override name = 'ImageBusyError'
}

/**
 * Returns a function answering image requests. It throws ImageParamError for a bad query or a
 * render over budget (a 400), ImageBusyError when renders are backed up (a 503), and the file
 * system's error when the file is gone (a 404).
 */
export function createImageDelivery(limits = DEFAULT_RENDER_LIMITS, cacheLimits = CACHE_LIMITS) {
  // Bounded by count and by bytes, so the renders kept cannot grow the server's memory without limit;
  // a render bigger than maxBytes is not kept at all.
  const cache = new LRUCache<string, ImageResponse>({
    max: cacheLimits.maxEntries,
    maxSize: cacheLimits.maxBytes,
    sizeCalculation: (response) => Math.max(1, response.bytes.byteLength),
  })
  const queue = createRenderQueue<ImageResponse>({ concurrency: limits.atOnce, maxQueued: limits.queued })

  return async ({ fileName, image, query, accept, signal }: ImageRequest): Promise<ImageResponse> => {
    const params = parseImageParams(query)
    const variesByAccept = params.autoFormat
    const plans = negotiateFormats(params, accept).map((format) => ({
      format,
      plan: planTransform(image, image.extension, params, format),
    }))
    // The best format that fits the budget: `auto=format` falls back from AVIF to WebP for large sizes.
    const chosen = plans.find(({ plan }) => plan.original || plan.cost <= limits.maxCost)
    if (!chosen) throw overBudget(plans[0]?.plan, limits.maxCost)
    const { format, plan } = chosen
    // Originals are read from disk each time, as before: they can be large and need no work.
    if (plan.original) return { bytes: await readFile(image.filePath), mimeType: plan.mimeType, variesByAccept }

    const key = `${fileName}?${JSON.stringify(params)}>${format ?? 'source'}`
    const cached = cache.get(key)
    if (cached) return cached
    try {
      return await queue.run(key, () => render(image, plan, key, variesByAccept), signal)
    } catch (err) {
      if (err instanceof QueueFullError) throw new ImageBusyError(err.message, { cause: err })
      throw err
    }
  }

  async function render(
    image: LocalImageFile,
    plan: TransformPlan,
    key: string,
    variesByAccept: boolean,
  ): Promise<ImageResponse> {
    const source = await readFile(image.filePath)
    let rendered
    try {
      rendered = await transformImage(source, plan, { timeoutSeconds: limits.timeoutSeconds })
    } catch (err) {
      // sharp's time limit: "timeout: 42% complete".
      if (err instanceof Error && err.message.startsWith('timeout')) {
        throw new ImageBusyError(`The render took over ${limits.timeoutSeconds} s and was stopped`, { cause: err })
      }
      throw err
    }
    const response = { ...rendered, variesByAccept }
    // Kept even when every caller has gone: the work is done, and the next one gets it at once.
    cache.set(key, response)
    return response
  }
}

function overBudget(plan: TransformPlan | undefined, maxRenderCost: number): ImageParamError {
  if (!plan || plan.original) return new ImageParamError('This image is more than this server renders at once')
  const size = plan.canvas ?? plan.resize
  return new ImageParamError(
    `A ${size.width}x${size.height} ${plan.output.toUpperCase()} is more than this server renders at once ` +
      `(cost ${Math.ceil(plan.cost / 1e6)} > ${Math.floor(maxRenderCost / 1e6)} million weighted pixels; AVIF counts 30 per pixel): ` +
      `ask for a smaller size or another format`,
  )
}
