import { useEffect, useState } from 'react'
import { localeTags } from '../../../../schemas/locales.ts'
import type { PageCopy } from '../content/page-copy.ts'
import { usePublicConfig } from '../config/public-config-context.tsx'
import { useHydrated } from '../hydration/use-hydrated.ts'
import { buildHeadTags } from './head-tags.ts'

/**
 * Keeps the address, <html lang>, the title and the per-language meta tags in step with the chosen
 * language: the page's own address in it (`/rh` ↔ `/en/for-hr-leaders`). A prerendered page's head
 * already says what its first copy says: that copy is not written again while the page hydrates
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md).
 */
export function useDocumentHead(copy: PageCopy): void {
  const config = usePublicConfig()
  const hydrated = useHydrated()
  const [prerenderedCopy] = useState(hydrated ? undefined : copy)
  useEffect(() => {
    if (copy === prerenderedCopy) return
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
  }, [copy, config, prerenderedCopy])
}
