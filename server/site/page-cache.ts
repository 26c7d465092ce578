import { LRUCache } from 'lru-cache'
import type { PageRenderer } from './page-renderer.ts'

type RenderRequest = Parameters<PageRenderer['render']>[0]

/** The two landing pages in each reader language and a few not-found addresses, many times over. */
const MAX_PAGES = 50
/** The footer's year comes from the clock: an hour bounds how long a page can outlive it. */
const MAX_AGE_MS = 60 * 60 * 1000

/**
 * The prerender, kept per address, reader language and experiment arms for as long as it is asked for with the
 * same content and settings. Rendering the page takes tens of milliseconds of a busy server's
 * CPU, which every reader would otherwise wait for before the first byte. A new version of the
 * content (a seed edit, a refresh from hosted Sanity) is a new object, and renders anew.
 */
export function cachePages(renderer: PageRenderer): PageRenderer {
  const pages = new LRUCache<string, { request: RenderRequest; page: ReturnType<PageRenderer['render']> }>({
    max: MAX_PAGES,
    ttl: MAX_AGE_MS,
  })
  return {
    render(request) {
      // Per arms of the running experiments too (docs/decisions/0046-copy-experiments.md): none for most readers.
      const key = `${request.preferredLocale} ${request.path} ${request.config.variants?.join(' ') ?? ''}`
      const kept = pages.get(key)
      if (kept && kept.request.content === request.content && kept.request.config === request.config) return kept.page
      const page = renderer.render(request)
      pages.set(key, { request, page })
      return page
    },
  }
}
