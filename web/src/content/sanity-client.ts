import { createClient, type SanityClient } from '@sanity/client'
import type { PublicConfig } from '../app/public-config.ts'
import { resolveOrigin } from '../app/public-config.ts'

/** Reads published content only: the dataset is public, so the browser needs no token. */
export function createContentClient({ sanity }: PublicConfig, origin: string): SanityClient {
  const local = sanity.apiHost !== undefined
  return createClient({
    projectId: sanity.projectId,
    dataset: sanity.dataset,
    apiVersion: sanity.apiVersion,
    perspective: 'published',
    useCdn: !local,
    // SWR owns the retry policy (swr-options.ts); the client's own retries would multiply it.
    maxRetries: 0,
    ...(local ? { apiHost: resolveOrigin(sanity.apiHost ?? '', origin), useProjectHostname: false } : {}),
  })
}
