import { useCallback, useMemo, useRef } from 'react'
import useSWR from 'swr'
import { usePublicConfig } from '../app/public-config-context.tsx'
import { useLocale } from '../i18n/locale-context.tsx'
import { fetchPreviewContent } from '../preview/preview-content.ts'
import { useVisualEditing } from '../preview/use-visual-editing.ts'
import { contentClientFor } from './content-client.ts'
import { useLiveContentChanges } from './live-content.ts'
import { pageQuery } from './page-query.ts'
import { resolvePageCopy, type PageContent, type PageCopy } from './page-copy.ts'

export const PAGE_CONTENT_KEY = 'page-content'

/**
 * The page's copy in the reader's language: prerendered content first, then from Sanity,
 * refetched whenever live events say what it shows has changed (drafts in an editor's preview).
 */
export function usePageCopy(): PageCopy {
  const config = usePublicConfig()
  const { locale } = useLocale()
  const shownTags = useRef<readonly string[]>([])
  const liveEventId = useRef<string | undefined>(undefined)

  const { data, mutate } = useSWR<PageContent>(PAGE_CONTENT_KEY, async () => {
    const client = config.preview ? undefined : await contentClientFor(config)
    const response = client
      ? await client.fetch<PageContent>(
          pageQuery,
          {},
          // The event id makes Sanity's CDN answer with content at least as new as the event.
          { filterResponse: false, ...(liveEventId.current ? { lastLiveEventId: liveEventId.current } : {}) },
        )
      : await fetchPreviewContent()
    shownTags.current = response.syncTags ?? []
    return response.result
  })

  const refetch = useCallback(
    (eventId: string | undefined) => {
      liveEventId.current = eventId
      void mutate()
    },
    [mutate],
  )
  useLiveContentChanges(config, shownTags, refetch)
  useVisualEditing(Boolean(config.preview), mutate)

  return useMemo(() => resolvePageCopy(data, locale), [data, locale])
}
