import { useMemo } from 'react'
import useSWR from 'swr'
import { usePublicConfig } from '../app/public-config-context.tsx'
import { useLocale } from '../i18n/locale-context.tsx'
import { pageQuery } from './page-query.ts'
import { resolvePageCopy, type PageContent, type PageCopy } from './page-copy.ts'

export const PAGE_CONTENT_KEY = 'page-content'

/** The page's copy in the reader's language: prerendered content first, then live from Sanity. */
export function usePageCopy(): PageCopy {
  const config = usePublicConfig()
  const { locale } = useLocale()
  const { data } = useSWR<PageContent>(PAGE_CONTENT_KEY, async () => {
    // The first paint uses the prerendered content; the client library loads only to revalidate.
    const { createContentClient } = await import('./sanity-client.ts')
    return createContentClient(config, window.location.origin).fetch(pageQuery)
  })
  return useMemo(() => resolvePageCopy(data, locale), [data, locale])
}
