import { use, useCallback, useEffect, useMemo, useRef } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { usePublicConfig } from '../config/public-config-context.tsx'
import { SectionHydrationContext } from '../hydration/section-hydration.ts'
import { useLocale } from '../i18n/locale-context.tsx'
import { useVisualEditing } from './preview/use-visual-editing.ts'
import { fetchQuery } from './content-api.ts'
import { useLiveContent } from './live-content.ts'
import { pageQuery } from './page-query.ts'
import { resolvePageCopy, type PageContent, type PageCopy } from './page-copy.ts'
import { HOME_PAGE_ID } from '../../../../schemas/page-paths.ts'

export const PAGE_CONTENT_KEY = 'page-content'

/**
 * The copy of the page with this document id (none: the not-found page) in the reader's language:
 * prerendered content first, then from Sanity once the page is idle and its live stream listens (which
 * also brings the other language, so switching needs no wait), and again whenever live events say what
 * it shows has changed (drafts in an editor's preview).
 */
export function usePageCopy(pageId = ''): PageCopy {
  const config = usePublicConfig()
  const { locale } = useLocale()
  // The sync tags of the last answer; none yet until the first one.
  const shownTags = useRef<readonly string[] | undefined>(undefined)
  // Live messages that came before the page knew what it shows.
  const heldMessages = useRef<{ id: string; tags: string[] }[]>([])
  const liveEventId = useRef<string | undefined>(undefined)
  const shows = (tags: readonly string[]) => tags.some((tag) => shownTags.current?.includes(tag))
  const sectionHydration = use(SectionHydrationContext)
  const { mutate: revalidate } = useSWRConfig()
  const refetch = useCallback(
    (eventId: string | undefined) => {
      liveEventId.current = eventId
      void revalidate(PAGE_CONTENT_KEY)
    },
    [revalidate],
  )

  const { data, mutate } = useSWR<PageContent>(
    PAGE_CONTENT_KEY,
    async () => {
      // Only an editor's preview reads drafts: its code is not in the page's first script.
      const answer = config.preview
        ? await (await import('./preview/preview-content.ts')).fetchPreviewContent(pageId)
        : await fetchQuery<unknown>(config, pageQuery, pageId, liveEventId.current)
      shownTags.current = answer.syncTags
      // A held message about what the page shows may be newer than this answer: ask once more.
      const missed = heldMessages.current.filter((message) => shows(message.tags)).at(-1)
      heldMessages.current = []
      if (missed) setTimeout(() => refetch(missed.id))
      // A section still waiting to hydrate cannot take new props (React would drop its markup):
      // the answer waits until they all have.
      await sectionHydration?.allHydrated()
      // Checked against the schema's types as the server checks what it prerenders: a wrong value
      // from an import or a script falls back, field by field, and never reaches a section.
      return (await import('./conform-off-thread.ts')).conformOffThread(answer.result)
    },
    // The prerendered content is what the server has just read: the first fetch waits (below).
    { revalidateOnMount: false },
  )

  useLiveContent(config, {
    onListening: () => void mutate(),
    onMessage: (message) => {
      if (shownTags.current === undefined) heldMessages.current.push(message)
      else if (shows(message.tags)) refetch(message.id)
    },
    onLost: () => refetch(undefined),
  })
  useVisualEditing(Boolean(config.preview), mutate)

  // Content embedded in one language keeps the page in it until the fetch brings the one chosen.
  const held = data?.onlyLocale
  const shownLocale = held === undefined ? locale : held
  useEffect(() => {
    if (held !== undefined && held !== locale) void mutate()
  }, [held, locale, mutate])

  return useMemo(() => resolvePageCopy(data, shownLocale, pageId === HOME_PAGE_ID), [data, shownLocale, pageId])
}
