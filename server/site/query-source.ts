import type { SanityClient } from '@sanity/client'
import { PUBLISHED, queryDataset, type Perspective, type QueryParams } from '../sanity/query/groq-query.ts'
import type { LocalDataset, LocalDatasetSource } from '../sanity/local-dataset.ts'
import { refreshing } from '../../supabase/functions/_shared/runtime/refreshing.ts'

/** One query's answer, from the seed or from hosted Sanity. */
export type QuerySource<T> = () => Promise<T>

/**
 * A query over the seed, evaluated once per version of the dataset (a reload gives a new
 * object), not on every render or mail sweep. Published documents unless told otherwise.
 */
export function localQuery<T>(
  dataset: LocalDatasetSource,
  query: string,
  perspective: Perspective = PUBLISHED,
  params: QueryParams = {},
): QuerySource<T> {
  const evaluated = new WeakMap<LocalDataset, Promise<T>>()
  return async () => {
    const current = await dataset.get()
    let answer = evaluated.get(current)
    if (!answer) {
      const { documents, projectId, dataset: name } = current
      answer = queryDataset(documents, query, params, perspective, { projectId, dataset: name }) as Promise<T>
      evaluated.set(current, answer)
    }
    return answer
  }
}

const HOSTED_REFRESH_MS = 60_000

/**
 * A query to hosted Sanity. The last answer is served while a newer one is fetched at most
 * once a minute, so a slow or failing API never delays a page or a welcome.
 */
export function hostedQuery<T>(client: SanityClient, query: string, params: QueryParams = {}): QuerySource<T> {
  return refreshing(() => client.fetch<T>(query, params), HOSTED_REFRESH_MS)
}
