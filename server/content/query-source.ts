import type { SanityClient } from '@sanity/client'
import { LRUCache } from 'lru-cache'
import { PUBLISHED, queryDataset, type Perspective } from './groq-query.ts'
import type { LocalDataset, LocalDatasetSource } from './local-dataset.ts'
import { refreshing } from '../../supabase/functions/_shared/refreshing.ts'

/** One query's answer, from the seed or from hosted Sanity. */
export type QuerySource<T> = () => Promise<T>

/**
 * A query over the seed, evaluated once per version of the dataset (a reload gives a new
 * object), not on every render or mail sweep. Published documents unless told otherwise.
 */
export function localQuery<T>(dataset: LocalDatasetSource, query: string, perspective: Perspective = PUBLISHED): QuerySource<T> {
  const evaluated = new WeakMap<LocalDataset, Promise<T>>()
  return async () => {
    const current = await dataset.get()
    let answer = evaluated.get(current)
    if (!answer) {
      const { documents, projectId, dataset: name } = current
      answer = queryDataset(documents, query, {}, perspective, { projectId, dataset: name }) as Promise<T>
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
export function hostedQuery<T>(client: SanityClient, query: string): QuerySource<T> {
  return refreshing(() => client.fetch<T>(query), HOSTED_REFRESH_MS)
}

/**
 * `source`, asked at most once per `maxAgeMs`: callers within that time share its last answer,
 * and the first caller after it waits for a new one. For reads in bulk that may lag an edit by
 * that much: a burst of welcomes reads its copy once a second, where each welcome looked at every
 * seed file again.
 */
export function askedAtMostEvery<T>(
  source: QuerySource<T>,
  maxAgeMs: number,
  clock: { now(): number } = performance,
): QuerySource<T> {
  const answers = new LRUCache<'answer', { answer: T }>({
    max: 1,
    ttl: maxAgeMs,
    // The clock is read on every call, not a reading kept for a millisecond by a timer.
    ttlResolution: 0,
    perf: clock,
    fetchMethod: async () => ({ answer: await source() }),
  })
  return async () => {
    // fetchMethod always resolves to an object, so `undefined` (an aborted fetch) cannot happen.
    const fetched = await answers.fetch('answer')
    if (!fetched) throw new Error('The query was aborted')
    return fetched.answer
  }
}
