import type { SectionId } from '../../../../schemas/page-sections.ts'

/** An in-page link to a section: a link to a section that is gone fails the type check. */
export function sectionHref(id: SectionId): `#${SectionId}` {
  return `#${id}`
}
