import { createClient } from '@sanity/client'
import { pageQuery } from '../../web/src/content/page-query.ts'
import type { PageContent } from '../../web/src/content/page-copy.ts'
import type { ServerConfig } from '../config.ts'
import { parsePerspective, PUBLISHED, queryDataset, type Perspective } from './groq-query.ts'
import { stegaOnlyOnCopy } from './stega-filter.ts'
import type { LocalDataset, LocalDatasetSource } from './local-dataset.ts'

/** The page's content for the prerender, from the seed or from hosted Sanity. */
export type PageContentSource = () => Promise<PageContent>

/** Drafts over published documents: what an editor previews from the Studio. */
export const DRAFTS: Perspective = parsePerspective('drafts')

/**
 * The seed's page content, evaluated once per version of the dataset (a reload gives a new
 * object), not on every prerender and every mail sweep. Published documents unless the
 * preview asks for DRAFTS.
 */
export function localPageContent(dataset: LocalDatasetSource, perspective: Perspective = PUBLISHED): PageContentSource {
  const evaluated = new WeakMap<LocalDataset, Promise<PageContent>>()
  return async () => {
    const current = await dataset.get()
    let content = evaluated.get(current)
    if (!content) {
      const { documents, projectId, dataset: name } = current
      content = queryDataset(documents, pageQuery, {}, perspective, { projectId, dataset: name }) as Promise<PageContent>
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
  const client = createPublishedClient(sanity)
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

/**
 * Drafts from hosted Sanity for the preview, fresh on every request, read with the viewer
 * token (server side only). Texts carry stega-encoded source maps, so Presentation's overlays
 * know which field each text comes from; the public site never gets them.
 */
export function hostedPreviewContent({ sanity }: ServerConfig, viewerToken: string): PageContentSource {
  const client = createPreviewClient(sanity, viewerToken)
  return () => client.fetch(pageQuery)
}

/** What visitors get: published documents from the CDN, no token, and never stega. */
export function createPublishedClient(sanity: ServerConfig['sanity']) {
  return createClient({
    projectId: sanity.projectId,
    dataset: sanity.dataset,
    apiVersion: sanity.apiVersion,
    useCdn: true,
    perspective: 'published',
    stega: false,
  })
}

/** The published client with the viewer token, the drafts perspective and stega on copy. */
export function createPreviewClient(sanity: ServerConfig['sanity'], viewerToken: string) {
  return createPublishedClient(sanity).withConfig({
    useCdn: false,
    token: viewerToken,
    perspective: 'drafts',
    stega: { enabled: true, studioUrl: sanity.studioUrl, filter: stegaOnlyOnCopy },
  })
}
