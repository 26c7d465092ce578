import { localeTags, locales, type Locale } from '../../../../schemas/locales.ts'
import type { PageCopy } from '../content/page-copy.ts'
import type { PublicConfig } from '../config/public-config.ts'
import { createSocialImageUrl, SOCIAL_IMAGE } from '../content/image-url.ts'

export interface HeadTags {
  title: string
  meta: { key: 'name' | 'property'; name: string; content: string }[]
  links: { rel: string; href: string; hreflang?: string }[]
}

/** Title, description, canonical, hreflang alternates and Open Graph for one language, at the page's own addresses. */
export function buildHeadTags(copy: PageCopy, config: PublicConfig): HeadTags {
  const { siteUrl } = config
  const url = (locale: Locale) => new URL(copy.paths[locale], siteUrl).href
  // Crawlers need an absolute address; the local endpoint's is a path on this site.
  const image = copy.seo.image && new URL(createSocialImageUrl(config)(copy.seo.image.source), siteUrl).href
  return {
    title: copy.seo.title,
    meta: [
      { key: 'name', name: 'description', content: copy.seo.description },
      { key: 'property', name: 'og:type', content: 'website' },
      { key: 'property', name: 'og:site_name', content: copy.brandName },
      { key: 'property', name: 'og:title', content: copy.seo.title },
      { key: 'property', name: 'og:description', content: copy.seo.description },
      { key: 'property', name: 'og:url', content: url(copy.locale) },
      { key: 'property', name: 'og:locale', content: localeTags[copy.locale].og },
      ...locales
        .filter((locale) => locale !== copy.locale)
        .map((locale) => ({ key: 'property' as const, name: 'og:locale:alternate', content: localeTags[locale].og })),
      ...(image ? imageTags(image, copy.seo.image?.alt) : []),
      { key: 'name', name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    ],
    links: [
      { rel: 'canonical', href: url(copy.locale) },
      ...locales.map((locale) => ({ rel: 'alternate', hreflang: localeTags[locale].html, href: url(locale) })),
      { rel: 'alternate', hreflang: 'x-default', href: url(locales[0]) },
    ],
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
