import { localeTags } from '../../../../schemas/locales.ts'
import type { PageCopy } from '../content/page-copy.ts'
import type { PublicConfig } from '../config/public-config.ts'
import { buildHeadTags } from './head-tags.ts'

/**
 * Writes the page's address, <html lang>, title and per-language meta tags for `copy`: in a chunk of
 * its own, loaded the first time the reader switches language (or an editor's preview changes them),
 * since the prerendered head already says what the first copy says.
 */
export function writeDocumentHead(copy: PageCopy, config: PublicConfig): void {
  // The page may be gone by the time this chunk comes (a test's document torn down meanwhile).
  if (typeof document === 'undefined') return
  const path = copy.paths[copy.locale]
  if (window.location.pathname !== path) window.history.replaceState(window.history.state, '', path + window.location.hash)
  const tags = buildHeadTags(copy, config)
  document.documentElement.lang = localeTags[copy.locale].html
  document.title = tags.title
  for (const tag of tags.meta) {
    if (tag.name === 'og:locale:alternate') continue
    const element = document.head.querySelector(`meta[${tag.key}="${tag.name}"]`)
    element?.setAttribute('content', tag.content)
  }
  document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', tags.links[0]?.href ?? config.siteUrl)
}
