import { createClient } from '@sanity/client'
import { pageQuery } from '../../web/src/content/page-query.ts'
import type { PageContent } from '../../web/src/content/page-copy.ts'
import type { ServerConfig } from '../config.ts'
import { queryDataset } from './groq-query.ts'
import type { LocalDataset, LocalDatasetSource } from './local-dataset.ts'

/** The page's content for the prerender, from the seed or from hosted Sanity. */
export type PageContentSource = () => Promise<PageContent>

/**
 * The seed's page content, evaluated once per version of the dataset (a reload gives a new
 * object), not on every prerender and every mail sweep.
 */
export function localPageContent(dataset: LocalDatasetSource): PageContentSource {
  const evaluated = new WeakMap<LocalDataset, Promise<PageContent>>()
  return async () => {
    const current = await dataset.get()
    let content = evaluated.get(current)
    if (!content) {
      const { documents, projectId, dataset: name } = current
      content = queryDataset(documents, pageQuery, {}, undefined, { projectId, dataset: name }) as Promise<PageContent>
      evaluated.set(current, content)
    }
    return content
  }
}

const HOSTED_REFRESH_MS = 60_000

/**
 * Hosted Sanity, through its CDN. The last answer is served while a newer one is
 * fetched at most once a minute, so a slow or failing API never delays a page.
 */
export function hostedPageContent({ sanity }: ServerConfig): PageContentSource {
  const client = createClient({ ...sanity, useCdn: true, perspective: 'published' })
  let last: { content: PageContent; at: number } | undefined
  let pending: Promise<PageContent> | undefined

  const refresh = () =>
    (pending ??= client
      .fetch(pageQuery)
      .then((content) => {
        last = { content, at: Date.now() }
        return content
      })
      .finally(() => {
        pending = undefined
      }))

  return async () => {
    if (!last) return refresh()
    if (Date.now() - last.at > HOSTED_REFRESH_MS) refresh().catch(() => undefined)
    return last.content
  }
}
