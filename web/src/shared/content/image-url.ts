import { createImageUrlBuilder } from '@sanity/image-url'
import type { ImageUrlBuilder, SanityImageSource } from '@sanity/image-url'
import type { PublicConfig } from '../config/public-config.ts'

const SANITY_CDN = 'https://cdn.sanity.io'
/** image-url needs an origin; for "this origin" we give it a placeholder and keep only the path. */
const SAME_ORIGIN = 'https://same-origin.invalid'

/** Open Graph's recommended size, which link previews show uncropped. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, mimeType: 'image/jpeg' } as const

/**
 * Image URLs for Sanity's CDN, or for the local endpoint. Against the local endpoint the
 * URLs stay relative, so the server's prerender and the browser build the same markup.
 */
function createImageUrl({ sanity }: PublicConfig) {
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

/**
 * The sharing image cropped around the hotspot to 1200×630, as JPEG: link-preview
 * crawlers do not all take WebP or AVIF, and they do not send an Accept header to pick by.
 */
export function createSocialImageUrl(config: PublicConfig) {
  const imageUrl = createImageUrl(config)
  const { width, height } = SOCIAL_IMAGE
  return (source: SanityImageSource) => imageUrl(source, (image) => image.width(width).height(height).fit('crop').format('jpg'))
}

/** An image at a height (its width in proportion), never enlarged, in modern formats: logos. */
export function createHeightImageUrl(config: PublicConfig) {
  const imageUrl = createImageUrl(config)
  return (source: SanityImageSource, height: number) =>
    imageUrl(source, (image) => image.height(height).fit('max').auto('format'))
}
