import type { StructureBuilder, StructureResolver } from 'sanity/structure'
import { sectionTypes, signupTypes, singletonTypes } from '../schemas/schema-types'
import { byPosition } from '../schemas/objects/position'

/**
 * The desk mirrors the page: sections in page order, then the lists (and the copy experiments), then site-wide texts, then
 * what a sign-up meets after the form (privacy note, welcome email, the pages its links open,
 * invitation email), then the updates the team sends to the waitlist.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...sectionTypes.map((type) => singleton(S, type.name, type.title ?? type.name)),
      S.divider(),
      orderedList(S, 'statistic', 'Statistics'),
      orderedList(S, 'testimonial', 'Testimonials'),
      S.documentTypeListItem('experiment').title('Experiments'),
      S.divider(),
      singleton(S, 'uiStrings', 'Interface texts'),
      singleton(S, 'siteSettings', 'Site settings'),
      S.divider(),
      ...signupTypes.map((type) => singleton(S, type.name, type.title)),
      S.divider(),
      S.documentTypeListItem('updateEmail').title('Updates'),
    ])

/**
 * A singleton's document itself rather than a plain link, so the desk shows its preview:
 * title, status and the translation gaps (see withTranslationStatus).
 */
function singleton(S: StructureBuilder, typeName: string, title: string) {
  return S.documentListItem().schemaType(typeName).id(typeName).title(title)
}

/** Singletons cannot be created again or deleted from the Studio. */
export const singletonTypeNames: ReadonlySet<string> = new Set(singletonTypes.map((type) => type.name))

/** A list in the order the page shows it: by the documents' position field. */
function orderedList(S: StructureBuilder, typeName: string, title: string) {
  return S.documentTypeListItem(typeName)
    .title(title)
    .child(S.documentTypeList(typeName).title(title).defaultOrdering(byPosition.by))
}
