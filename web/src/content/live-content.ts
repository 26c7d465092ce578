import { useEffect, type RefObject } from 'react'
import type { PublicConfig } from '../app/public-config.ts'
import { whenIdle } from '../app/when-idle.ts'
import { listenToLiveEvents } from './content-api.ts'

/**
 * Calls `onChange` when content the page shows has been published anew, from Sanity's Live
 * Content API (or the local endpoint's copy of it): a `message` whose sync tags meet the tags
 * of the last answer (`shownTags`), or a `restart`/`reconnect` after which changes may have
 * been missed. The stream opens once the page is idle: nothing on the first paint needs it.
 * When it fails, SWR's focus, reconnect and interval revalidation still bring edits in
 * (swr-options.ts).
 */
export function useLiveContentChanges(
  config: PublicConfig,
  shownTags: RefObject<readonly string[]>,
  onChange: (liveEventId: string | undefined) => void,
) {
  useEffect(() => {
    let close: (() => void) | undefined
    const cancel = whenIdle(() => {
      close = listenToLiveEvents(
        config,
        (event) => {
          if (event.type !== 'message') onChange(undefined)
          else if (event.tags.some((tag) => shownTags.current.includes(tag))) onChange(event.id)
        },
        (reason) => console.warn(`Live content updates stopped (${reason}); the page still refreshes on focus and every minute.`),
      )
    })
    return () => {
      cancel()
      close?.()
    }
  }, [config, shownTags, onChange])
}
