import { useEffect, useRef } from 'react'
import type { PageCopy } from '../content/page-copy.ts'
import { usePublicConfig } from '../config/public-config-context.tsx'
import { useHydrated } from '../hydration/use-hydrated.ts'

/**
 * Keeps the address, <html lang>, the title and the per-language meta tags in step with the chosen
 * language: the page's own address in it (`/rh` ↔ `/en/for-hr-leaders`). A prerendered page's head
 * already says what its first copy says: the head is written when the address the page shows changes
 * (a language switch), never while the page hydrates nor on its first content answer
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md), and the code that writes it is a chunk
 * loaded then (write-document-head.ts), not part of the page's first script (decision 0076).
 */
export function useDocumentHead(copy: PageCopy): void {
  const config = usePublicConfig()
  const hydrated = useHydrated()
  const address = copy.paths[copy.locale]
  const written = useRef(hydrated ? undefined : address)
  useEffect(() => {
    if (address === written.current) return
    written.current = address
    // Every write waits on the same chunk, so they run in the order the copies came: the newest last.
    void import('./write-document-head.ts').then(({ writeDocumentHead }) => writeDocumentHead(copy, config))
  }, [address, copy, config])
}
