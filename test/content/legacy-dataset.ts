// Test helper: the seed as a hosted dataset held it before pages were documents (decision 0004's fixed
// page: one singleton per section), made from today's seed by undoing what `npm run content:migrate`
// does (scripts/pages-plan.ts), so a test can migrate it and compare with the seed.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { legacySections } from '../../scripts/pages-plan.ts'
import { seedDir } from '../../scripts/content-target.ts'
import type { StoredDoc } from '../../scripts/fake-content-lake.ts'

/** Today's seed, by id. */
export async function seedDocuments(): Promise<Map<string, StoredDoc>> {
  return new Map(
    (await readFile(path.join(seedDir, 'data.ndjson'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StoredDoc)
      .map((doc) => [doc._id, doc]),
  )
}

/** The fields of the free-trial section that the Free-trial document held. */
const FREE_TRIAL_SECTION_FIELDS = ['title', 'subtitle', 'benefits']

/**
 * The seed before pages: no home page; each section of it a singleton of the same fields (the results'
 * and testimonials' lists were their documents' Position order, not references), the free-trial
 * section's on the Free-trial document, and the home page's title and description the site settings'.
 */
export function legacyDataset(seed: ReadonlyMap<string, StoredDoc>): Map<string, StoredDoc> {
  const home = structuredClone(seed.get(HOME_PAGE_ID)) as StoredDoc
  const sections = home['sections'] as Record<string, unknown>[]
  const legacy = new Map([...seed].filter(([id]) => id !== HOME_PAGE_ID).map(([id, doc]) => [id, structuredClone(doc)]))
  for (const { id, section } of legacySections) {
    const { _key, _type, statistics: _s, testimonials: _t, ...fields } = sections.find((each) => each['_key'] === section) ?? {}
    const own = { _id: id, _type: id, ...fields }
    if (section !== 'freeTrial') legacy.set(id, own)
    else legacy.set(id, { ...(legacy.get(id) as StoredDoc), ...pick(own, FREE_TRIAL_SECTION_FIELDS) })
  }
  const settings = legacy.get('siteSettings') as StoredDoc
  legacy.set('siteSettings', { ...settings, seoTitle: home['title'], seoDescription: home['description'] })
  return legacy
}

const pick = (doc: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((name) => (name in doc ? [[name, doc[name]]] : [])))
