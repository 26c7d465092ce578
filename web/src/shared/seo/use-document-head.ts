import { useEffect, useState } from 'react'
import type { PageCopy } from '../content/page-copy.ts'
import { usePublicConfig } from '../config/public-config-context.tsx'
import { useHydrated } from '../hydration/use-hydrated.ts'

/**
 * Keeps the address, <html lang>, the title and the per-language meta tags in step with the chosen
 * language: the page's own address in it (`/rh` ↔ `/en/for-hr-leaders`). A prerendered page's head
 * already says what its first copy says: that copy is not written again while the page hydrates
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md), and the code that writes it is not in the
 * page's first script (write-document-head.ts).
 */
export function useDocumentHead(copy: PageCopy): void {
  const config = usePublicConfig()
  const hydrated = useHydrated()
  const [prerenderedCopy] = useState(hydrated ? undefined : copy)
  useEffect(() => {
    if (copy === prerenderedCopy) return
    let current = true
    // Only the copy shown when the chunk comes is written: not an older one, nor any once the page is gone.
    void import('./write-document-head.ts').then(({ writeDocumentHead }) => current && writeDocumentHead(copy, config))
    return () => {
      current = false
    }
  }, [copy, config, prerenderedCopy])
}
