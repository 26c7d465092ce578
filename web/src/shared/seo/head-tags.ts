import { localeTags, locales, type Locale } from '../../../../schemas/locales.ts'
import type { PageCopy } from '../content/page-copy.ts'
import type { PublicConfig } from '../config/public-config.ts'
import type { SanityImageSource } from '@sanity/image-url'
import { createImageUrl } from '../content/image-url.ts'
import { localize } from '../content/localize.ts'
import { seoFallbacks } from './seo-fallbacks.ts'

/** Open Graph's recommended size, which link previews show uncropped. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, mimeType: 'image/jpeg' } as const

/**
 * The sharing image cropped around the hotspot to 1200×630, as JPEG: link-preview
 * crawlers do not all take WebP or AVIF, and they do not send an Accept header to pick by.
 */
function createSocialImageUrl(config: PublicConfig) {
  const imageUrl = createImageUrl(config)
  const { width, height } = SOCIAL_IMAGE
  return (source: SanityImageSource) => imageUrl(source, (image) => image.width(width).height(height).fit('crop').format('jpg'))
}

export interface HeadTags {
  title: string
  meta: { key: 'name' | 'property'; name: string; content: string }[]
  links: { rel: string; href: string; hreflang?: string }[]
}

/** Title, description, canonical, hreflang alternates and Open Graph for one language, at the page's own addresses. */
export function buildHeadTags(copy: PageCopy, config: PublicConfig): HeadTags {
  const { siteUrl } = config
  const { seo, locale: reading } = copy
  const url = (locale: Locale) => new URL(copy.paths[locale], siteUrl).href
  const title = localize(seo.title, reading) ?? seoFallbacks[reading].title
  const description = localize(seo.description, reading) ?? seoFallbacks[reading].description
  const shared = seo.image?.asset ? seo.image : undefined
  const image = shared && socialImageAddress(shared, config)
  // The page's own image has its text in its language; the site's, one per language.
  const alt = typeof shared?.alt === 'string' ? shared.alt.trim() || undefined : localize(shared?.alt, reading)
  return {
    title,
    meta: [
      { key: 'name', name: 'description', content: description },
      { key: 'property', name: 'og:type', content: 'website' },
      { key: 'property', name: 'og:site_name', content: copy.brandName },
      { key: 'property', name: 'og:title', content: title },
      { key: 'property', name: 'og:description', content: description },
      { key: 'property', name: 'og:url', content: url(copy.locale) },
      { key: 'property', name: 'og:locale', content: localeTags[copy.locale].og },
      ...locales
        .filter((locale) => locale !== copy.locale)
        .map((locale) => ({ key: 'property' as const, name: 'og:locale:alternate', content: localeTags[locale].og })),
      ...(image ? imageTags(image, alt) : []),
      { key: 'name', name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    ],
    links: [
      { rel: 'canonical', href: url(copy.locale) },
      ...locales.map((locale) => ({ rel: 'alternate', hreflang: localeTags[locale].html, href: url(locale) })),
      { rel: 'alternate', hreflang: 'x-default', href: url(locales[0]) },
    ],
  }
}

/**
 * The sharing image's absolute address (crawlers need one; the local endpoint's is a path on this
 * site), or none when its asset reference is not an image's: the query reads it as stored, and an
 * import or a script can store anything there.
 */
function socialImageAddress(image: SanityImageSource, config: PublicConfig): string | undefined {
  try {
    return new URL(createSocialImageUrl(config)(image), config.siteUrl).href
  } catch {
    return undefined
  }
}

function imageTags(url: string, alt: string | undefined): HeadTags['meta'] {
  const property = (name: string, content: string) => ({ key: 'property' as const, name, content })
  return [
    property('og:image', url),
    property('og:image:type', SOCIAL_IMAGE.mimeType),
    property('og:image:width', String(SOCIAL_IMAGE.width)),
    property('og:image:height', String(SOCIAL_IMAGE.height)),
    ...(alt ? [property('og:image:alt', alt)] : []),
  ]
}
