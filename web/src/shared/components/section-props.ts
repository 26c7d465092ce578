import type { SectionId } from '../../../../schemas/page-sections.ts'
import type { PageCopy } from '../content/page-copy.ts'

/** What the page hands each section: its anchor id (schemas/page-sections.ts) and its copy. */
export interface SectionProps<Id extends SectionId> {
  id: Id
  copy: PageCopy[Id]
}
