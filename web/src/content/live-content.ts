import type { SanityClient } from '@sanity/client'

/**
 * Calls `onChange` when content a page shows has been published anew, from Sanity's Live
 * Content API (or the local endpoint's copy of it): a `message` whose sync tags meet the
 * tags of the last answer, or a `restart`/`reconnect` after which changes may have been
 * missed. Returns the unsubscribe. When the stream fails, SWR's focus, reconnect and
 * interval revalidation still bring edits in (swr-options.ts).
 */
export function subscribeToContentChanges(
  client: SanityClient,
  shownTags: () => readonly string[],
  onChange: (liveEventId: string | undefined) => void,
): () => void {
  const subscription = client.live.events().subscribe({
    next: (event) => {
      if (event.type === 'message' && event.tags.some((tag) => shownTags().includes(tag))) onChange(event.id)
      if (event.type === 'restart' || event.type === 'reconnect') onChange(undefined)
    },
    error: (error: unknown) => {
      console.warn('Live content updates stopped; the page still refreshes on focus and every minute.', error)
    },
  })
  return () => subscription.unsubscribe()
}
