import { useEffect, useEffectEvent } from 'react'
import type { PublicConfig } from '../config/public-config.ts'
import { whenIdle } from '../hydration/when-idle.ts'
import { listenToLiveEvents } from './content-api.ts'

export interface LiveContentHandlers {
  /**
   * The stream listens (or could not open, or is slow to): the moment for the page's first fetch,
   * which then misses nothing published before it; later changes come as messages.
   */
  onListening: () => void
  /** Published content with these sync tags has changed. */
  onMessage: (message: { id: string; tags: string[] }) => void
  /** Changes may have been missed: the stream restarted or reconnected. */
  onLost: () => void
}

/** A stream that has neither welcomed the page nor failed by then is not waited for any longer. */
const LISTENING_WAIT_MS = 3_000

/**
 * Sanity's Live Content API (or the local endpoint's copy of it), opened once the page is idle:
 * nothing on the first paint needs it. When it fails, SWR's focus, reconnect and interval
 * revalidation still bring edits in (swr-options.ts, docs/decisions/0009-live-content.md).
 */
export function useLiveContent(config: PublicConfig, handlers: LiveContentHandlers) {
  const onListening = useEffectEvent(() => handlers.onListening())
  const onMessage = useEffectEvent((message: { id: string; tags: string[] }) => handlers.onMessage(message))
  const onLost = useEffectEvent(() => handlers.onLost())

  useEffect(() => {
    let close: (() => void) | undefined
    let waiting: ReturnType<typeof setTimeout> | undefined
    let listening = false
    const listen = () => {
      if (listening) return
      listening = true
      clearTimeout(waiting)
      onListening()
    }
    const cancel = whenIdle(() => {
      waiting = setTimeout(listen, LISTENING_WAIT_MS)
      close = listenToLiveEvents(
        config,
        (event) => {
          if (event.type === 'welcome') listen()
          else if (event.type === 'message') onMessage(event)
          else onLost()
        },
        (reason) => {
          console.warn(`Live content updates stopped (${reason}); the page still refreshes on focus and every minute.`)
          listen()
        },
      )
    })
    return () => {
      cancel()
      clearTimeout(waiting)
      close?.()
    }
  }, [config])
}
