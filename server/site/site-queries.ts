/**
 * The queries the site itself sends to the content API without a token: the page's (from the
 * browser), the mail's copy and the privacy note's version (from the edge functions, when
 * pointed at this server). The
 * same constants the callers use, so the list cannot drift from what they send. Their answers
 * are worked out once per version of the dataset, on the request thread: they are small and
 * known, and cost a lookup from then on (docs/product.md §5).
 */
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { mailCopyQuery } from '../../supabase/functions/_shared/delivery/mail-copy-query.ts'
import { privacyNoteVersionQuery } from '../../supabase/functions/_shared/welcome/privacy-note-version-query.ts'
import type { Perspective } from '../sanity/query/groq-query.ts'
import type { LocalDataset } from '../sanity/local-dataset.ts'
import { localQuery } from './query-source.ts'

const SITE_QUERIES: ReadonlySet<string> = new Set([pageQuery, mailCopyQuery, privacyNoteVersionQuery])

/**
 * Whether a request without a token may have this: one of the site's queries, with no
 * parameters (none of them takes any), over published documents (what the callers ask for).
 */
export function isSiteQuery(query: string, params: Record<string, unknown>, perspective: Perspective): boolean {
  return (
    SITE_QUERIES.has(query) && Object.keys(params).length === 0 && perspective.kind === 'stack' && perspective.layers.length === 0
  )
}

/**
 * The site queries' answers as JSON, from the dataset `getDataset` gives, each evaluated once per
 * version of it (localQuery) like the server's own reads of the same queries.
 */
export function createSiteAnswers(getDataset: () => Promise<LocalDataset> | LocalDataset): (query: string) => Promise<string> {
  const dataset = { get: async () => getDataset() }
  const sources = new Map([...SITE_QUERIES].map((query) => [query, localQuery<unknown>(dataset, query)]))
  return async (query) => {
    const source = sources.get(query)
    if (!source) throw new Error('not one of the site’s queries')
    return JSON.stringify(await source()) ?? 'null'
  }
}
