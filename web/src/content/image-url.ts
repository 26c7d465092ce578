import { createImageUrlBuilder } from '@sanity/image-url'
import type { SanityImageSource } from '@sanity/image-url'
import type { PublicConfig } from '../app/public-config.ts'

const SANITY_CDN = 'https://cdn.sanity.io'
/** image-url needs an origin; for "this origin" we give it a placeholder and keep only the path. */
const SAME_ORIGIN = 'https://same-origin.invalid'

/**
 * Square crops around the editor's hotspot, in modern formats. Against the local endpoint the
 * URLs stay relative, so the server's prerender and the browser build the same markup.
 */
export function createSquareImageUrl({ sanity }: PublicConfig) {
  const baseUrl = sanity.apiHost === undefined ? SANITY_CDN : sanity.apiHost || SAME_ORIGIN
  const builder = createImageUrlBuilder({ projectId: sanity.projectId, dataset: sanity.dataset, baseUrl })
  return (source: SanityImageSource, size: number) => {
    const url = builder.image(source).width(size).height(size).fit('crop').auto('format').url()
    return url.startsWith(SAME_ORIGIN) ? url.slice(SAME_ORIGIN.length) : url
  }
}
