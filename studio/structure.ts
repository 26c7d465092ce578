import type { StructureResolver } from 'sanity/structure'
import { sectionTypes, singletonTypes } from '../schemas/schema-types'

/** The desk mirrors the page: sections in page order, then the lists, then site-wide texts. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...sectionTypes.map((type) =>
        S.listItem()
          .title(type.title ?? type.name)
          .id(type.name)
          .child(S.document().schemaType(type.name).documentId(type.name)),
      ),
      S.divider(),
      S.documentTypeListItem('statistic').title('Statistics'),
      S.documentTypeListItem('testimonial').title('Testimonials'),
      S.divider(),
      S.listItem().title('Interface texts').id('uiStrings').child(S.document().schemaType('uiStrings').documentId('uiStrings')),
      S.listItem()
        .title('Site settings')
        .id('siteSettings')
        .child(S.document().schemaType('siteSettings').documentId('siteSettings')),
    ])

/** Singletons cannot be created again or deleted from the Studio. */
export const singletonTypeNames: ReadonlySet<string> = new Set(singletonTypes.map((type) => type.name))
