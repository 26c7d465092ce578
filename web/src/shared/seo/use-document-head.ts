import { useEffect, useRef } from 'react'
import { dequal } from 'dequal/lite'
import type { PageCopy } from '../content/page-copy.ts'
import { localize } from '../content/localize.ts'
import { usePublicConfig } from '../config/public-config-context.tsx'
import { useHydrated } from '../hydration/use-hydrated.ts'

/**
 * What the head shows of a page's copy, in its language: the prerender embeds the content of one
 * language, the first answer brings both, and the head it shows is the same.
 */
const headOf = ({ locale, paths, seo, brandName }: PageCopy) => [
  locale,
  paths,
  brandName,
  localize(seo.title, locale),
  localize(seo.description, locale),
  seo.image?.asset,
]

/**
 * Keeps the address, <html lang>, the title and the per-language meta tags in step with the chosen
 * language: the page's own address in it (`/rh` ↔ `/en/for-hr-leaders`). A prerendered page's head
 * already says what its first copy says: the head is written only when what it shows changes (a
 * language switch, an edit to the title), never while the page hydrates
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md), and the code that writes it is a chunk
 * loaded then (write-document-head.ts), not part of the page's first script.
 */
export function useDocumentHead(copy: PageCopy): void {
  const config = usePublicConfig()
  const hydrated = useHydrated()
  const written = useRef(hydrated ? undefined : headOf(copy))
  useEffect(() => {
    const head = headOf(copy)
    if (dequal(head, written.current)) return
    written.current = head
    // Every write waits on the same chunk, so they run in the order the copies came: the newest last.
    void import('./write-document-head.ts').then(({ writeDocumentHead }) => writeDocumentHead(copy, config))
  }, [copy, config])
}
