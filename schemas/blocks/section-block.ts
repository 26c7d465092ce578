import { defineField, defineType, type FieldDefinition } from 'sanity'
import { sectionType, type SectionId } from '../page-sections'
import { sectionKinds } from './section-kinds'

interface SectionBlockOptions {
  fields: FieldDefinition[]
  /** The field whose Portuguese text names the section in the page's list (its heading, mostly). */
  heading?: string
}

/**
 * One kind of section as an object in a page's `sections` (Sanity's page-builder pattern: objects by
 * default, references only for what pages share): its own fields, then `hidden`, which keeps it on the
 * page in the Studio but off the page visitors get. Named from schemas/page-sections.ts, titled from section-kinds.ts.
 */
export function sectionBlock<Id extends SectionId>(id: Id, { fields, heading = 'title' }: SectionBlockOptions) {
  const kind = sectionKinds[id]
  return defineType({
    name: sectionType(id),
    title: kind.title,
    description: kind.description,
    type: 'object',
    fields: [
      ...fields,
      defineField({
        name: 'hidden',
        title: 'Hidden',
        description: 'Kept here, in its place, but not shown to visitors until this is off again.',
        type: 'boolean',
        initialValue: false,
      }),
    ],
    preview: {
      select: { heading: `${heading}.pt`, hidden: 'hidden' },
      prepare: ({ heading: text, hidden }: { heading?: string; hidden?: boolean }) => ({
        title: text || kind.title,
        subtitle: hidden ? `${kind.title} · hidden` : kind.title,
      }),
    },
  })
}
