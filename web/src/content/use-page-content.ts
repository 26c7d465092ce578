import { useEffect, useMemo, useRef } from 'react'
import useSWR from 'swr'
import type { SanityClient } from '@sanity/client'
import { usePublicConfig } from '../app/public-config-context.tsx'
import type { PublicConfig } from '../app/public-config.ts'
import { useLocale } from '../i18n/locale-context.tsx'
import { pageQuery } from './page-query.ts'
import { resolvePageCopy, type PageContent, type PageCopy } from './page-copy.ts'
import { fetchPreviewContent } from '../preview/preview-content.ts'
import { useVisualEditing } from '../preview/use-visual-editing.ts'

export const PAGE_CONTENT_KEY = 'page-content'

const clients = new WeakMap<PublicConfig, Promise<SanityClient>>()

/** The first paint uses the prerendered content; the client library loads only to revalidate. */
function contentClientFor(config: PublicConfig): Promise<SanityClient> {
  let client = clients.get(config)
  if (!client) {
    client = import('./sanity-client.ts').then(({ createContentClient }) => createContentClient(config, window.location.origin))
    clients.set(config, client)
  }
  return client
}

/**
 * The page's copy in the reader's language: prerendered content first, then live from Sanity,
 * refetched whenever the live events say what it shows has changed.
 */
export function usePageCopy(): PageCopy {
  const config = usePublicConfig()
  const { locale } = useLocale()
  const shownTags = useRef<readonly string[]>([])
  const liveEventId = useRef<string | undefined>(undefined)

  const { data, mutate } = useSWR<PageContent>(PAGE_CONTENT_KEY, async () => {
    const response = config.preview
      ? await fetchPreviewContent()
      : await (
          await contentClientFor(config)
        ).fetch<PageContent>(
          pageQuery,
          {},
          // The event id makes Sanity's CDN answer with content at least as new as the event.
          { filterResponse: false, ...(liveEventId.current ? { lastLiveEventId: liveEventId.current } : {}) },
        )
    shownTags.current = response.syncTags ?? []
    return response.result
  })
  useVisualEditing(Boolean(config.preview), mutate)

  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let active = true
    void Promise.all([contentClientFor(config), import('./live-content.ts')]).then(([client, { subscribeToContentChanges }]) => {
      if (!active) return
      unsubscribe = subscribeToContentChanges(
        client,
        () => shownTags.current,
        (eventId) => {
          liveEventId.current = eventId
          void mutate()
        },
      )
    })
    return () => {
      active = false
      unsubscribe?.()
    }
  }, [config, mutate])

  return useMemo(() => resolvePageCopy(data, locale), [data, locale])
}
