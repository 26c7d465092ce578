import { defineDocuments, defineLocations, presentationTool } from 'sanity/presentation'
import { localeTags, locales } from '../schemas/locales'
import { singletonTypes, listTypes } from '../schemas/schema-types'
import { pathForLocale } from '../web/src/shared/i18n/locale-preference'
import { PREVIEW_DISABLE_PATH, PREVIEW_ENABLE_PATH } from '../web/src/shared/content/preview/preview-paths'

/** The one page, in each language: every document shows on both. */
export const pageLocations = locales.map((locale) => ({
  title: `Landing page (${localeTags[locale].title})`,
  href: pathForLocale(locale),
}))

const previewedTypes = [...singletonTypes, ...listTypes].map((type) => type.name)

export const presentationResolve = {
  // Opening a page in Presentation opens its first section for editing.
  mainDocuments: defineDocuments(pageLocations.map(({ href }) => ({ route: href, filter: `_type == "hero" && _id == "hero"` }))),
  // "Used on" in every document: both language versions of the page.
  locations: Object.fromEntries(
    previewedTypes.map((type) => [type, defineLocations({ select: {}, resolve: () => ({ locations: pageLocations }) })]),
  ),
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
