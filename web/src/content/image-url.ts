import { createImageUrlBuilder } from '@sanity/image-url'
import type { PublicConfig } from '../app/public-config.ts'

const SANITY_CDN = 'https://cdn.sanity.io'

/**
 * Image URLs for the configured project. Against the local endpoint they stay relative
 * ('' origin), so the server's prerender and the browser build the same URL.
 */
export function createImageBuilder({ sanity }: PublicConfig) {
  return createImageUrlBuilder({
    projectId: sanity.projectId,
    dataset: sanity.dataset,
    baseUrl: sanity.apiHost ?? SANITY_CDN,
  })
}
