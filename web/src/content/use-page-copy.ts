import { useCallback, useEffect, useMemo, useRef } from 'react'
import useSWR from 'swr'
import { usePublicConfig } from '../app/public-config-context.tsx'
import { whenIdle } from '../app/when-idle.ts'
import { useLocale } from '../i18n/locale-context.tsx'
import { fetchPreviewContent } from '../preview/preview-content.ts'
import { useVisualEditing } from '../preview/use-visual-editing.ts'
import { fetchQuery } from './content-api.ts'
import { useLiveContentChanges } from './live-content.ts'
import { pageQuery } from './page-query.ts'
import { resolvePageCopy, type PageContent, type PageCopy } from './page-copy.ts'

export const PAGE_CONTENT_KEY = 'page-content'

/**
 * The page's copy in the reader's language: prerendered content first, then from Sanity once
 * the page is idle (which also brings the other language, so switching needs no wait), and
 * again whenever live events say what it shows has changed (drafts in an editor's preview).
 */
export function usePageCopy(): PageCopy {
  const config = usePublicConfig()
  const { locale } = useLocale()
  const shownTags = useRef<readonly string[]>([])
  const liveEventId = useRef<string | undefined>(undefined)

  const { data, mutate } = useSWR<PageContent>(
    PAGE_CONTENT_KEY,
    async () => {
      const answer = config.preview
        ? await fetchPreviewContent()
        : await fetchQuery<PageContent>(config, pageQuery, liveEventId.current)
      shownTags.current = answer.syncTags
      return answer.result
    },
    // The prerendered content is what the server has just read: the first fetch waits for idle (below).
    { revalidateOnMount: false },
  )
  useEffect(() => whenIdle(() => void mutate()), [mutate])

  const refetch = useCallback(
    (eventId: string | undefined) => {
      liveEventId.current = eventId
      void mutate()
    },
    [mutate],
  )
  useLiveContentChanges(config, shownTags, refetch)
  useVisualEditing(Boolean(config.preview), mutate)

  // Content embedded in one language keeps the page in it until the fetch brings the one chosen.
  const held = data?.onlyLocale
  const shownLocale = held === undefined ? locale : held
  useEffect(() => {
    if (held !== undefined && held !== locale) void mutate()
  }, [held, locale, mutate])

  return useMemo(() => resolvePageCopy(data, shownLocale), [data, shownLocale])
}
