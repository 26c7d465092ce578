import { defineDocuments, defineLocations, presentationTool } from 'sanity/presentation'
import { defaultLocale, localeTags, locales, type Locale } from '../schemas/locales'
import { singletonTypes, listTypes } from '../schemas/schema-types'
import { HOME_PAGE_ID, PAGE_TYPE, pagePath } from '../schemas/page-paths'
import { PREVIEW_DISABLE_PATH, PREVIEW_ENABLE_PATH } from '../web/src/shared/content/preview/preview-paths'

/** The home page, in each language: where what every page shares shows first. */
export const homeLocations = locales.map((locale) => ({
  title: `Home page (${localeTags[locale].title})`,
  href: pagePath(undefined, locale),
}))

interface PageSelection {
  id?: string
  title?: string
  pt?: string
  en?: string
}

/** A page's addresses, one per language it has one in: the home page's roots, or its slugs. */
export function pageLocations({ id, title, pt, en }: PageSelection) {
  const slugs: Record<Locale, string | undefined> = { pt, en }
  const home = (id ?? '').replace(/^drafts\./, '') === HOME_PAGE_ID
  return locales.flatMap((locale) =>
    home || slugs[locale]
      ? [{ title: `${title ?? 'Page'} (${localeTags[locale].title})`, href: pagePath(home ? undefined : slugs[locale], locale) }]
      : [],
  )
}

const sharedTypes = [...singletonTypes, ...listTypes].map((type) => type.name)

/**
 * Each language's addresses: the root is the home page, anything under it a page by its slug in that
 * language, however many segments (`/campaigns/spring`). Presentation takes the first route that matches,
 * so the other languages' prefixes come before the default language's catch-all, which `/en` would match.
 */
const routes = [...locales]
  .sort((a, b) => Number(a === defaultLocale) - Number(b === defaultLocale))
  .flatMap((locale) => {
    const root = pagePath(undefined, locale)
    return [
      { route: root, filter: `_type == "${PAGE_TYPE}" && _id == "${HOME_PAGE_ID}"` },
      {
        route: `${root === '/' ? '' : root}/:slug+`,
        filter: `_type == "${PAGE_TYPE}" && slug.${locale}.current == $slug`,
        // A repeated parameter comes as its segments (typed as one string).
        params: ({ params }: { params: Record<string, string> }) => ({ slug: [params['slug'] ?? []].flat().join('/') }),
      },
    ]
  })

export const presentationResolve = {
  // Opening an address in Presentation opens its page for editing, every section of it a click away.
  mainDocuments: defineDocuments(routes),
  locations: {
    // "Used on" in a page: its own addresses.
    [PAGE_TYPE]: defineLocations({
      select: { id: '_id', title: 'title.pt', pt: 'slug.pt.current', en: 'slug.en.current' },
      resolve: (selection) => (selection ? { locations: pageLocations(selection as PageSelection) } : null),
    }),
    // What pages share: shown on the home page, which has every one of them.
    ...Object.fromEntries(
      sharedTypes.map((type) => [type, defineLocations({ select: {}, resolve: () => ({ locations: homeLocations }) })]),
    ),
  },
}

/**
 * Visual editing of the site inside the Studio. The site lets drafts through only after its
 * /api/preview/enable has checked the secret the Studio stores with the editor's session
 * (server/preview/preview-routes.ts).
 */
export function sitePresentationTool(previewOrigin: string) {
  return presentationTool({
    previewUrl: {
      initial: previewOrigin,
      previewMode: { enable: PREVIEW_ENABLE_PATH, disable: PREVIEW_DISABLE_PATH },
    },
    allowOrigins: [previewOrigin],
    resolve: presentationResolve,
  })
}
