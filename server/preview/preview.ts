import { createClient } from '@sanity/client'
import { validatePreviewUrl } from '@sanity/preview-url-secret'
import type { ServerConfig } from '../config.ts'
import type { LocalDatasetSource } from '../sanity/local-dataset.ts'
import { LOCAL_SYNC_TAG } from '../sanity/live/live-routes.ts'
import { createPreviewClient, DRAFTS, hostedPreviewContent, localPageContent } from '../site/page-content.ts'
import { pageRoutesQuery } from '../site/page-routes-query.ts'
import { pageRoutesSource } from '../site/page-routes-source.ts'
import { localQuery } from '../site/query-source.ts'
import type { Preview } from './preview-routes.ts'
import { createPreviewSession } from './preview-session.ts'
import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'

/**
 * The preview wired to where content lives. Hosted: Sanity's API with SANITY_VIEWER_TOKEN.
 * Local: the seed, with the secret checked by the same library against this server's own
 * content API (`selfOrigin`), which shows private documents to the made-up viewer token only.
 * Undefined when there is no token to read drafts with.
 */
export function createPreview(
  config: ServerConfig,
  localDataset: LocalDatasetSource | undefined,
  selfOrigin: () => string,
  log: Log,
): Preview | undefined {
  const { sanity } = config
  const token = sanity.viewerToken
  if (!token) return undefined
  const secretReader = (apiHost?: string) =>
    createClient({
      projectId: sanity.projectId,
      dataset: sanity.dataset,
      apiVersion: sanity.apiVersion,
      useCdn: false,
      token,
      ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
    })
  const hostedReader = localDataset ? undefined : secretReader()
  // Which page is where with drafts over the published: an editor previews a page before it is live.
  const draftClient = createPreviewClient(sanity, token).withConfig({ stega: false })
  const draftRoutes = localDataset
    ? localQuery(localDataset, pageRoutesQuery, DRAFTS)
    : () => draftClient.fetch<unknown>(pageRoutesQuery)
  return {
    session: createPreviewSession(token),
    validate: (url) => validatePreviewUrl(hostedReader ?? secretReader(selfOrigin()), url),
    content: localDataset ? localPageContent(localDataset, log, DRAFTS) : hostedPreviewContent(config, token, log),
    routes: pageRoutesSource('the pages’ addresses, drafts included', draftRoutes, log),
    syncTags: localDataset ? [LOCAL_SYNC_TAG] : [],
  }
}
