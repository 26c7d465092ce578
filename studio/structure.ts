import type { StructureBuilder, StructureResolver } from 'sanity/structure'
import { freeTrialFormType, signupTypes, singletonTypes } from '../schemas/schema-types'
import { byPosition } from '../schemas/objects/position'
import { HOME_PAGE_ID, PAGE_TYPE } from '../schemas/page-paths'

/**
 * The desk, in the order editors work: the pages (the home page first), then what pages share (the
 * statistics, testimonials and the form's words) and the copy experiments, then site-wide texts, then
 * what a sign-up meets after the form (privacy note, welcome email, the pages its links open,
 * invitation email), then the updates the team sends to the waitlist.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.documentListItem().schemaType(PAGE_TYPE).id(HOME_PAGE_ID).title('Home page'),
      S.listItem()
        .id('pages')
        .title('Pages')
        .schemaType(PAGE_TYPE)
        .child(
          S.documentTypeList(PAGE_TYPE)
            .title('Pages')
            .filter('_type == $type && _id != $home')
            .params({ type: PAGE_TYPE, home: HOME_PAGE_ID }),
        ),
      S.divider(),
      orderedList(S, 'statistic', 'Statistics'),
      orderedList(S, 'testimonial', 'Testimonials'),
      singleton(S, freeTrialFormType.name, freeTrialFormType.title),
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

/** A shared list in its Position order, the order a new section shows it in. */
function orderedList(S: StructureBuilder, typeName: string, title: string) {
  return S.documentTypeListItem(typeName)
    .title(title)
    .child(S.documentTypeList(typeName).title(title).defaultOrdering(byPosition.by))
}
