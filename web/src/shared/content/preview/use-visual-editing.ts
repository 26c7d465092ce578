import { useEffect } from 'react'

/**
 * In an editor's preview, Sanity's overlays (click a text to edit its field) and refreshes as
 * the Studio saves. Loaded only in preview, so visitors never download it.
 */
export function useVisualEditing(enabled: boolean, refresh: () => Promise<unknown>) {
  useEffect(() => {
    if (!enabled) return
    let disable: (() => void) | undefined
    let active = true
    void import('@sanity/visual-editing/enable-visual-editing').then(({ enableVisualEditing }) => {
      if (!active) return
      disable = enableVisualEditing({
        // Refetch the drafts instead of reloading the page (the default).
        refresh: () => refresh().then(() => undefined),
      })
    })
    return () => {
      active = false
      disable?.()
    }
  }, [enabled, refresh])
}
