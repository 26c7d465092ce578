import { createImageUrlBuilder } from '@sanity/image-url'
import type { ImageUrlBuilder, SanityImageSource } from '@sanity/image-url'
import type { PublicConfig } from '../config/public-config.ts'

const SANITY_CDN = 'https://cdn.sanity.io'
/** image-url needs an origin; for "this origin" we give it a placeholder and keep only the path. */
const SAME_ORIGIN = 'https://same-origin.invalid'

/**
 * Image URLs for Sanity's CDN, or for the local endpoint. Against the local endpoint the
 * URLs stay relative, so the server's prerender and the browser build the same markup.
 */
export function createImageUrl({ sanity }: PublicConfig) {
  const baseUrl = sanity.apiHost === undefined ? SANITY_CDN : sanity.apiHost || SAME_ORIGIN
  const builder = createImageUrlBuilder({ projectId: sanity.projectId, dataset: sanity.dataset, baseUrl })
  return (source: SanityImageSource, build: (image: ImageUrlBuilder) => ImageUrlBuilder) => {
    const url = build(builder.image(source)).url()
    return url.startsWith(SAME_ORIGIN) ? url.slice(SAME_ORIGIN.length) : url
  }
}

/** Square crops around the editor's hotspot, in modern formats. */
export function createSquareImageUrl(config: PublicConfig) {
  const imageUrl = createImageUrl(config)
  return (source: SanityImageSource, size: number) =>
    imageUrl(source, (image) => image.width(size).height(size).fit('crop').auto('format'))
}
