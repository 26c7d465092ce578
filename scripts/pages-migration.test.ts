/**
 * `npm run content:migrate`'s pages step through the real @sanity/client against the fake Content
 * Lake: the seed as a hosted dataset held it before pages were documents, moved into the home page;
 * the result is the seed's own home page. Re-run, dry run, a draft in the way, an edit racing the move.
 */
import { createClient } from '@sanity/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import { legacyDataset, seedDocuments } from '../test/content/legacy-dataset.ts'
import { ContentCommandError } from './content-target.ts'
import { API_VERSION } from './experiment-fields-migration.ts'
import { startFakeContentLake, type FakeContentLake, type StoredDoc } from './fake-content-lake.ts'
import { legacySections } from './pages-plan.ts'
import { migratePages } from './pages-migration.ts'

const seed = await seedDocuments()
const singletons = legacySections.map(({ id }) => id).filter((id) => id !== 'freeTrial')

let lake: FakeContentLake
let lines: string[]

beforeEach(async () => {
  lines = []
  lake = await startFakeContentLake('test', 'production')
  for (const [id, doc] of legacyDataset(seed)) lake.documents.set(id, { ...doc, _rev: `rev-${id}` })
})
afterEach(async () => {
  await lake.close()
})

function migrate(dryRun = false) {
  const client = createClient({
    projectId: lake.projectId,
    dataset: lake.dataset,
    apiHost: lake.apiHost,
    useProjectHostname: false,
    apiVersion: API_VERSION,
    token: 'editor',
    useCdn: false,
    maxRetries: 0,
  })
  return migratePages(client, { dryRun, log: (line) => lines.push(line) })
}

const doc = (id: string) => lake.documents.get(id)
/** A stored document without what the lake adds on a write. */
const withoutRev = (stored: StoredDoc | undefined) => {
  const { _rev: _r, _createdAt: _c, _updatedAt: _u, ...rest } = stored ?? ({} as StoredDoc)
  return rest
}
const snapshot = () => JSON.stringify([...lake.documents.entries()])

describe('migratePages', () => {
  it('makes the seed’s home page of the fixed page’s singletons, in one transaction, and deletes them', async () => {
    await migrate()
    expect(withoutRev(doc(HOME_PAGE_ID))).toEqual(seed.get(HOME_PAGE_ID))
    expect(withoutRev(doc('freeTrial'))).toEqual(seed.get('freeTrial'))
    expect(withoutRev(doc('siteSettings'))).toEqual(seed.get('siteSettings'))
    for (const id of singletons) expect(doc(id), id).toBeUndefined()
    expect(lake.transactions).toHaveLength(1)
    expect(lines.at(-1)).toBe('The home page is a page document now; running it again changes nothing.')
  })

  it('a second run changes nothing and says so', async () => {
    await migrate()
    const after = snapshot()
    lines = []
    expect(await migrate()).toEqual([])
    expect(snapshot()).toBe(after)
    expect(lake.transactions).toHaveLength(1)
    expect(lines).toEqual(['Nothing to move: the home page is a page document already (or there is no fixed page to move).'])
  })

  it('a dry run says what it would do and writes nothing', async () => {
    const before = snapshot()
    expect((await migrate(true)).length).toBeGreaterThan(0)
    expect(snapshot()).toBe(before)
    expect(lake.transactions).toEqual([])
    expect(lines.at(-1)).toBe('Dry run: nothing was written. `npm run content:migrate` makes these changes.')
  })

  it('refuses while a singleton has a draft, naming it, and writes nothing', async () => {
    lake.documents.set('drafts.cta', { ...(doc('cta') as StoredDoc), _id: 'drafts.cta', _rev: 'rev-draft' })
    const before = snapshot()
    const error = await migrate().catch((err: unknown) => err)
    expect(error).toBeInstanceOf(ContentCommandError)
    expect((error as Error).message).toContain('drafts.cta: unpublished changes; publish or discard them in the Studio')
    expect(snapshot()).toBe(before)
  })

  it('an edit made in the Studio after the read fails the whole move, and the next run moves the edit', async () => {
    const edited = { _type: 'localeString', pt: 'Editado no Studio', en: 'Edited in the Studio' }
    lake.beforeMutate = () => {
      lake.documents.set('cta', { ...(doc('cta') as StoredDoc), title: edited, _rev: 'rev-studio' })
      lake.beforeMutate = undefined
    }
    const error = await migrate().catch((err: unknown) => err)
    expect((error as Error).message).toMatch(/was changed after it was read/)
    expect((error as Error).message).toContain('Nothing of the move was written (one transaction).')
    expect(doc(HOME_PAGE_ID)).toBeUndefined()
    expect(doc('cta')?.['title']).toEqual(edited)

    await migrate()
    const sections = doc(HOME_PAGE_ID)?.['sections'] as Record<string, unknown>[]
    expect(sections.find((section) => section['_key'] === 'cta')?.['title']).toEqual(edited)
  })
})
