/**
 * The queries the site itself sends to the content API without a token: the page's (from the
 * browser) and the welcome's copy (from the edge functions, when pointed at this server). The
 * same constants the callers use, so the list cannot drift from what they send. Their answers
 * are worked out once per version of the dataset, on the request thread: they are small, known
 * and as fast as a map lookup from then on (docs/product.md §5).
 */
import { pageQuery } from '../../web/src/content/page-query.ts'
import { welcomeCopyQuery } from '../../supabase/functions/_shared/welcome-copy-query.ts'
import { PUBLISHED, queryDataset, type Perspective } from './groq-query.ts'
import type { LocalDataset } from './local-dataset.ts'

const SITE_QUERIES: ReadonlySet<string> = new Set([pageQuery, welcomeCopyQuery])

/**
 * Whether a request without a token may have this: one of the site's queries, with no
 * parameters (none of them takes any), over published documents (what the callers ask for).
 */
export function isSiteQuery(query: string, params: Record<string, unknown>, perspective: Perspective): boolean {
  return (
    SITE_QUERIES.has(query) && Object.keys(params).length === 0 && perspective.kind === 'stack' && perspective.layers.length === 0
  )
}

/** A site query's answer as JSON, over `dataset`'s public documents, evaluated once per dataset object. */
export function createSiteAnswers(): (dataset: LocalDataset, query: string) => Promise<string> {
  const answers = new WeakMap<LocalDataset, Map<string, Promise<string>>>()
  return (dataset, query) => {
    let byQuery = answers.get(dataset)
    if (!byQuery) answers.set(dataset, (byQuery = new Map()))
    let answer = byQuery.get(query)
    if (!answer) {
      const { publicDocuments, projectId, dataset: name } = dataset
      answer = queryDataset(publicDocuments, query, {}, PUBLISHED, { projectId, dataset: name }).then(
        (result) => JSON.stringify(result) ?? 'null',
      )
      byQuery.set(query, answer)
    }
    return answer
  }
}
