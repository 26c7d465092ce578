// Test helper: a running copy experiment written into a seed file, as the Launch tool writes one
// (docs/decisions/0046-copy-experiments.md): the experiment document and the field's variant. Writing
// the same id again replaces both (a new split, say).
import { readFile, writeFile } from 'node:fs/promises'
import { DEFAULT_PLANNED_EXPOSURES, variantEntry } from '../../schemas/experiments.ts'

export interface SeededExperiment {
  id: string
  title: string
  /** The field's document and name, such as `hero` and `headline` (a line, not a paragraph). */
  document: string
  field: string
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
    document,
    field,
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
      if (doc['_id'] !== document) return line
      Object.assign(doc[field] as Record<string, unknown>, {
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
