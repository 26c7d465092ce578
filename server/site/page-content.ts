import { createClient } from '@sanity/client'
import { LRUCache } from 'lru-cache'
import { MAX_ARM_SETS } from '../../schemas/experiments.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import type { ServerConfig } from '../config.ts'
import { parsePerspective, PUBLISHED, type Perspective } from '../sanity/query/groq-query.ts'
import { stegaOnlyOnCopy } from '../sanity/stega-filter.ts'
import type { LocalDatasetSource } from '../sanity/local-dataset.ts'
import { hostedQuery, localQuery } from './query-source.ts'

/**
 * The page's content for the prerender, from the seed or from hosted Sanity, with the fields of
 * running experiments in the arms `arms` names (`<experimentId>:<variantId>`; none: the defaults).
 */
export type PageContentSource = (arms?: readonly string[]) => Promise<PageContent>

/** One source per set of arms served (every combination the running experiments make), each keeping its answer as the page query's own source does. */
function perArms(sourceFor: (params: { arms: readonly string[] }) => () => Promise<PageContent>): PageContentSource {
  const sources = new LRUCache<string, () => Promise<PageContent>>({ max: MAX_ARM_SETS })
  return (arms = []) => {
    const key = arms.join(' ')
    let source = sources.get(key)
    if (!source) {
      source = sourceFor({ arms })
      sources.set(key, source)
    }
    return source()
  }
}

/** Drafts over published documents: what an editor previews from the Studio. */
export const DRAFTS: Perspective = parsePerspective('drafts')

/** The seed's page content; published documents unless the preview asks for DRAFTS. */
export function localPageContent(dataset: LocalDatasetSource, perspective: Perspective = PUBLISHED): PageContentSource {
  return perArms((params) => localQuery<PageContent>(dataset, pageQuery, perspective, params))
}

/** Hosted Sanity's page content, through its CDN, refreshed at most once a minute. */
export function hostedPageContent({ sanity }: ServerConfig): PageContentSource {
  const client = createPublishedClient(sanity)
  return perArms((params) => hostedQuery<PageContent>(client, pageQuery, params))
}

/**
 * Drafts from hosted Sanity for the preview, fresh on every request, read with the viewer
 * token (server side only). Texts carry stega-encoded source maps, so Presentation's overlays
 * know which field each text comes from; the public site never gets them.
 */
export function hostedPreviewContent({ sanity }: ServerConfig, viewerToken: string): PageContentSource {
  const client = createPreviewClient(sanity, viewerToken)
  // An editor previews the defaults: no experiment assigns the Studio.
  return () => client.fetch(pageQuery, { arms: [] })
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
