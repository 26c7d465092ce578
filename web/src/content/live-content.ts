import { useEffect, type RefObject } from 'react'
import type { PublicConfig } from '../app/public-config.ts'
import { contentClientFor } from './content-client.ts'

/**
 * Calls `onChange` when content the page shows has been published anew, from Sanity's Live
 * Content API (or the local endpoint's copy of it): a `message` whose sync tags meet the tags
 * of the last answer (`shownTags`), or a `restart`/`reconnect` after which changes may have
 * been missed. When the stream fails, SWR's focus, reconnect and interval revalidation still
 * bring edits in (swr-options.ts).
 */
export function useLiveContentChanges(
  config: PublicConfig,
  shownTags: RefObject<readonly string[]>,
  onChange: (liveEventId: string | undefined) => void,
) {
  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let active = true
    void contentClientFor(config).then((client) => {
      if (!active) return
      const subscription = client.live.events().subscribe({
        next: (event) => {
          if (event.type === 'message' && event.tags.some((tag) => shownTags.current.includes(tag))) onChange(event.id)
          if (event.type === 'restart' || event.type === 'reconnect') onChange(undefined)
        },
        error: (error: unknown) => {
          console.warn('Live content updates stopped; the page still refreshes on focus and every minute.', error)
        },
      })
      unsubscribe = () => subscription.unsubscribe()
    })
    return () => {
      active = false
      unsubscribe?.()
    }
  }, [config, shownTags, onChange])
}
