import { createClient } from '@sanity/client'
import { LRUCache } from 'lru-cache'
import { MAX_ARM_SETS } from '../../schemas/experiments.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { pageQueryParser } from '../../web/src/shared/content/page-query.parser.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import { contentChecker, uniqueProblems, type ContentProblem } from '../../supabase/functions/_shared/content/content-check.ts'
import { checkedSource, type CheckedSource } from '../../supabase/functions/_shared/content/checked-source.ts'
import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'
import type { ServerConfig } from '../config.ts'
import { parsePerspective, PUBLISHED, type Perspective } from '../sanity/query/groq-query.ts'
import { stegaOnlyOnCopy } from '../sanity/stega-filter.ts'
import type { LocalDatasetSource } from '../sanity/local-dataset.ts'
import { hostedQuery, localQuery } from './query-source.ts'

/**
 * A page's content for the prerender (`page`: its document id; '' for the not-found page, which shows
 * the site's texts only), from the seed or from hosted Sanity, with the fields of running experiments in
 * the arms `arms` names (`<experimentId>:<variantId>`; none: the defaults), checked against the schema's
 * types: a wrong value is dropped for its fallback, and undefined means every field falls back
 * (docs/decisions/0062-content-parsed-where-it-enters.md).
 */
export interface PageContentSource {
  (page: string, arms?: readonly string[]): Promise<PageContent | undefined>
  /** What was dropped from the content of every page and set of arms served lately, the home page's defaults' included. */
  problems(): Promise<ContentProblem[]>
}

const checkPage = contentChecker(pageQueryParser)

/** Pages kept with their content at once, besides the home page's combinations of arms. */
const MAX_PAGES_KEPT = 32

/**
 * One source per page and set of arms served (every combination the running experiments make), each
 * keeping its answer as the page query's own source does, and checking it once.
 */
function perPageAndArms(
  name: string,
  sourceFor: (params: { page: string; arms: readonly string[] }) => () => Promise<unknown>,
  log: Log,
): PageContentSource {
  const sources = new LRUCache<string, CheckedSource<PageContent>>({ max: MAX_ARM_SETS + MAX_PAGES_KEPT })
  const sourceOf = (page: string, arms: readonly string[]) => {
    const key = [page, ...arms].join(' ')
    let source = sources.get(key)
    if (!source) {
      source = checkedSource(
        `${name} ${page || '(not found)'}${arms.length > 0 ? ` (${arms.join(' ')})` : ''}`,
        sourceFor({ page, arms }),
        checkPage,
        log,
      )
      sources.set(key, source)
    }
    return source
  }
  return Object.assign((page: string, arms: readonly string[] = []) => sourceOf(page, arms)(), {
    async problems() {
      sourceOf(HOME_PAGE_ID, [])
      return uniqueProblems((await Promise.all([...sources.values()].map((source) => source.problems()))).flat())
    },
  })
}

/** Drafts over published documents: what an editor previews from the Studio. */
export const DRAFTS: Perspective = parsePerspective('drafts')

/** The seed's page content; published documents unless the preview asks for DRAFTS. */
export function localPageContent(dataset: LocalDatasetSource, log: Log, perspective: Perspective = PUBLISHED): PageContentSource {
  const name = perspective === PUBLISHED ? 'the page' : 'the page’s drafts'
  return perPageAndArms(name, (params) => localQuery<unknown>(dataset, pageQuery, perspective, params), log)
}

/** Hosted Sanity's page content, through its CDN, refreshed at most once a minute. */
export function hostedPageContent({ sanity }: ServerConfig, log: Log): PageContentSource {
  const client = createPublishedClient(sanity)
  return perPageAndArms('the page', (params) => hostedQuery<unknown>(client, pageQuery, params), log)
}

/**
 * Drafts from hosted Sanity for the preview, fresh on every request, read with the viewer
 * token (server side only). Texts carry stega-encoded source maps, so Presentation's overlays
 * know which field each text comes from; the public site never gets them.
 */
export function hostedPreviewContent({ sanity }: ServerConfig, viewerToken: string, log: Log): PageContentSource {
  const client = createPreviewClient(sanity, viewerToken)
  // An editor previews the defaults: no experiment assigns the Studio.
  return perPageAndArms(
    'the page’s drafts',
    ({ page }) =>
      () =>
        client.fetch<unknown>(pageQuery, { page, arms: [] }),
    log,
  )
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
