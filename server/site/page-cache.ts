import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { MAX_ARM_SETS } from '../../schemas/experiments.ts'
import { locales } from '../../schemas/locales.ts'
import { matchRoute, routeLocale } from '../../web/src/shared/routes.ts'
import type { PageRenderer } from './page-renderer.ts'

type RenderRequest = Parameters<PageRenderer['render']>[0]
type RenderedPage = ReturnType<PageRenderer['render']>

/** The encodings a kept page is sent in, the browser's choice among them (site-routes.ts). */
export type PageEncoding = 'br' | 'gzip'

/** A prerender kept for many readers: its HTML, and its bytes in each encoding once asked for. */
export interface KeptPage extends RenderedPage {
  encoded(encoding: PageEncoding): Promise<Buffer>
}

/** Pages kept besides the home page's combinations of arms: every other page an editor has made, mostly. */
const MAX_OTHER_PAGES = 32

/**
 * The home page in each language for every set of arms the running experiments make, as many other
 * pages, and the 404 page in each language: about 90 KB each, 17 MB at most.
 */
const MAX_PAGES = locales.length * (MAX_ARM_SETS + MAX_OTHER_PAGES + 1)
/** The footer's year comes from the clock: an hour bounds how long a page can outlive it. */
const MAX_AGE_MS = 60 * 60 * 1000

// Compressed once per version, so at the best ratios: the landing page's bytes decide whether it
// paints from a new connection's first round trip. Both run in libuv's threads, off the event loop.
const compress: Record<PageEncoding, (html: string) => Promise<Buffer>> = {
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
  gzip: (html) => promisify(gzip)(html, { level: constants.Z_BEST_COMPRESSION }),
}

/** A rendered page with its bytes in each encoding, compressed on the first ask for it. */
function keepCompressed(page: RenderedPage): KeptPage {
  const encodings = new Map<PageEncoding, Promise<Buffer>>()
  return {
    ...page,
    encoded(encoding) {
      let bytes = encodings.get(encoding)
      if (!bytes) {
        bytes = compress[encoding](page.html)
        encodings.set(encoding, bytes)
      }
      return bytes
    },
  }
}

/**
 * What a kept page is found by: the page its address routes to (its document) and the language it is read in, with
 * the arms of the running experiments (docs/decisions/0046-copy-experiments.md; none for most
 * readers). Not the address itself: the prerender depends on it only through its route
 * (web/src/entry-server.tsx), so `/en/` shares `/en`'s page, and every unknown address one 404 page
 * per language. Keyed by address, a stream of made-up addresses rendered a page each and pushed the
 * landing pages out.
 */
function pageKey({ path, pageId, preferredLocale, config }: RenderRequest): string {
  const route = matchRoute(path, pageId)
  // A sign-up page's address reaches the page renderer only when its own routes did not take it: not found.
  const page = route.page === 'landing' ? `page:${route.id}` : 'notFound'
  return `${page} ${routeLocale(route, preferredLocale)} ${config.variants?.join(' ') ?? ''}`
}

/**
 * The prerender, kept per page, reader language and experiment arms for as long as it is asked
 * for with the same content and settings, with its compressed bytes (docs/decisions/0025 and 0050).
 * Rendering the page takes tens of milliseconds of a busy server's CPU and compressing it well as
 * many again, which every reader would otherwise wait for; a kept page costs a lookup. A new version of the
 * content (a seed edit, a refresh from hosted Sanity) is a new object, and renders anew.
 */
export function cachePages(renderer: PageRenderer): { render(request: RenderRequest): KeptPage } {
  const pages = new LRUCache<string, { request: RenderRequest; page: KeptPage }>({ max: MAX_PAGES, ttl: MAX_AGE_MS })
  return {
    render(request) {
      const key = pageKey(request)
      const kept = pages.get(key)
      if (kept && kept.request.content === request.content && kept.request.config === request.config) return kept.page
      const page = keepCompressed(renderer.render(request))
      pages.set(key, { request, page })
      return page
    },
  }
}
