// Test helper: a running copy experiment written into a seed file, as the Launch tool writes one
// (docs/decisions/0046-copy-experiments.md): the experiment document and the variant of the field of
// a page's section. Writing the same id again replaces both (a new split, say).
import { readFile, writeFile } from 'node:fs/promises'
import { DEFAULT_PLANNED_EXPOSURES, variantEntry } from '../../schemas/experiments.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { sectionType, type SectionId } from '../../schemas/page-sections.ts'

export interface SeededExperiment {
  id: string
  title: string
  /** The field's section kind and name, such as `hero` and `headline` (a line, not a paragraph), on the home page unless `page` says. */
  section: SectionId
  field: string
  page?: string
  /** Variant B's text. */
  variant: { pt: string; en: string }
  split?: [number, number]
  plannedExposures?: number
  startedAt?: string
}

export async function seedExperiment(
  seedFile: string,
  {
    id,
    title,
    section,
    field,
    page = HOME_PAGE_ID,
    variant,
    split = [50, 50],
    plannedExposures = DEFAULT_PLANNED_EXPOSURES,
    startedAt = new Date().toISOString(),
  }: SeededExperiment,
) {
  const lines = (await readFile(seedFile, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith(`{"_id":"${id}"`))
    .map((line) => {
      const doc = JSON.parse(line) as Record<string, unknown>
      if (doc['_id'] !== page) return line
      const sections = doc['sections'] as Record<string, unknown>[]
      const block = sections.find((each) => each['_type'] === sectionType(section))
      if (!block) throw new Error(`${page} has no ${section} section`)
      Object.assign(block[field] as Record<string, unknown>, {
        experimentId: id,
        variants: [variantEntry({ paragraph: false }, id, 'b', variant)],
      })
      return JSON.stringify(doc)
    })
  const experiment = {
    _id: id,
    _type: 'experiment',
    title,
    status: 'running',
    split,
    plannedExposures,
    startedAt,
    variants: [{ _key: 'b', _type: 'experimentVariant', variantId: 'b', label: 'Variant B' }],
  }
  await writeFile(seedFile, `${[...lines, JSON.stringify(experiment)].join('\n')}\n`)
}
