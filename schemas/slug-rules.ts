import { localeTags, type Locale } from './locales.ts'
import { pagePath } from './page-paths.ts'
import { isReservedSlug } from './reserved-paths.ts'

/**
 * What a page's slug may be (schemas/objects/page-slug.ts checks it in the Studio, the server before
 * it routes a page there): apart from the page's own address rules (page-paths.ts), which the page's
 * script reads, so that none of this reaches it.
 */

/** Lower-case words joined by hyphens, in one or more segments: `rh`, `for-hr-leaders`, `campaigns/spring`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

/** Characters a slug may have: `/en/` and it stay within the 63 the counting keeps of an address. */
export const SLUG_MAX = 59

/** What is wrong with a slug for `locale`, if anything, in words an editor can act on. */
export function slugProblem(slug: string | undefined, locale: Locale): string | undefined {
  const language = localeTags[locale].title
  if (!slug) return `The ${language} address is required.`
  if (slug.length > SLUG_MAX) return `Keep the ${language} address under ${SLUG_MAX} characters.`
  if (!SLUG_PATTERN.test(slug)) return `Use lower-case letters, digits and hyphens (“for-hr-leaders”), segments apart with “/”.`
  if (isReservedSlug(slug, locale)) return `${pagePath(slug, locale)} is the site’s own address: choose another.`
  return undefined
}

/** Letters without accents, words joined by hyphens: what the Studio's Generate button makes of a title. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
}
