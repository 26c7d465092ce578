/**
 * The queries the site itself sends to the content API without a token: the page's (from the
 * browser), the mail's copy and the privacy note's version (from the edge functions, when
 * pointed at this server). The
 * same constants the callers use, so the list cannot drift from what they send. Their answers
 * are worked out once per version of the dataset, on the request thread: they are small and
 * known, and cost a lookup from then on (docs/product.md §5).
 */
import { LRUCache } from 'lru-cache'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { compactGroq } from '../../web/src/shared/content/compact-groq.ts'
import { ARM_KEY, MAX_ARM_SETS, MAX_RUNNING } from '../../schemas/experiments.ts'
import { PAGE_ID } from '../../schemas/page-id.ts'
import { mailCopyQuery } from '../../supabase/functions/_shared/delivery/mail-copy-query.ts'
import { privacyNoteVersionQuery } from '../../supabase/functions/_shared/welcome/privacy-note-version-query.ts'
import type { Perspective, QueryParams } from '../sanity/query/groq-query.ts'
import type { LocalDataset } from '../sanity/local-dataset.ts'
import { localQuery } from './query-source.ts'

/** The page's query as written (the server, the prerender), and as the browser's build sends it (compact-groq.ts). */
const PAGE_QUERIES: ReadonlySet<string> = new Set([pageQuery, compactGroq(pageQuery)])
/** With the edge functions' queries, which nothing compacts. */
const SITE_QUERIES: ReadonlySet<string> = new Set([...PAGE_QUERIES, mailCopyQuery, privacyNoteVersionQuery])

/** The page query's arms: the visitor's of the running experiments (page-query.ts). */
function areArms(value: unknown): boolean {
  return Array.isArray(value) && value.length <= MAX_RUNNING && value.every((arm) => typeof arm === 'string' && ARM_KEY.test(arm))
}

/** The page query's page: a page document's id, or none (the not-found page's texts). */
const isPage = (value: unknown) => value === '' || (typeof value === 'string' && PAGE_ID.test(value))

/** The parameters each site query takes: the page's, which page and the visitor's arms; the others, none. */
function siteParams(query: string, params: QueryParams): boolean {
  const names = Object.keys(params).sort()
  if (!PAGE_QUERIES.has(query)) return names.length === 0
  return names.join() === 'arms,page' && areArms(params['arms']) && isPage(params['page'])
}

/**
 * Whether a request without a token may have this: one of the site's queries, with its own
 * parameters only (the page's id and arms of the running experiments; the others none), over published
 * documents (what the callers ask for).
 */
export function isSiteQuery(query: string, params: QueryParams, perspective: Perspective): boolean {
  return SITE_QUERIES.has(query) && siteParams(query, params) && perspective.kind === 'stack' && perspective.layers.length === 0
}

/**
 * The site queries' answers as JSON, from the dataset `getDataset` gives, each evaluated once per
 * version of it (localQuery) like the server's own reads of the same queries.
 */
export function createSiteAnswers(
  getDataset: () => Promise<LocalDataset> | LocalDataset,
): (query: string, params?: QueryParams) => Promise<string> {
  const dataset = { get: async () => getDataset() }
  // Per query, an answer for each page and set of arms served at once, as the server's own page source keeps them.
  const sources = new LRUCache<string, () => Promise<unknown>>({ max: SITE_QUERIES.size * MAX_ARM_SETS })
  return async (query, params = {}) => {
    if (!SITE_QUERIES.has(query)) throw new Error('not one of the site’s queries')
    const key = `${JSON.stringify(params)}\n${query}`
    let source = sources.get(key)
    if (!source) {
      // A plain object: the routes parse parameters into one without a prototype, which groq-js cannot read.
      source = localQuery<unknown>(dataset, query, undefined, { ...params })
      sources.set(key, source)
    }
    return JSON.stringify(await source()) ?? 'null'
  }
}
