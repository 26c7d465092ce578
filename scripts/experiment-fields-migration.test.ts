/**
 * `npm run content:migrate`'s work through the real @sanity/client against the fake Content Lake:
 * a dataset as a hosted team has it after the experiments merge (hero and its draft with the old
 * fields, freeTrial already moved), migrated, re-run, dry-run, raced by a Studio edit, refused.
 */
import { createClient } from '@sanity/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { experimentFields } from '../schemas/experiments.ts'
import { legacyDataset, seedDocuments } from '../test/content/legacy-dataset.ts'
import { ContentCommandError } from './content-target.ts'
import { API_VERSION, migrateExperimentFields } from './experiment-fields-migration.ts'
import { startFakeContentLake, type FakeContentLake, type StoredDoc } from './fake-content-lake.ts'

const legacy = legacyDataset(await seedDocuments())
/** A section singleton as a hosted dataset held it before pages were documents. */
const seedDoc = (id: 'hero' | 'freeTrial' | 'features') => structuredClone(legacy.get(id) as StoredDoc)

/** A seed document as it was stored before copy experiments: each such field its bare `default`. */
function oldShape(doc: StoredDoc): StoredDoc {
  const old = structuredClone(doc)
  for (const { section, field } of experimentFields) {
    if (section === doc._type) old[field] = (doc[field] as { default: unknown }).default
  }
  return old
}

const draftHeadline = { _type: 'localeString', pt: 'Rascunho do título', en: 'Draft headline' }
const studioEdit = { _type: 'localeString', pt: 'Editado no Studio', en: 'Edited in the Studio' }

let lake: FakeContentLake
let lines: string[]

async function startLake(tokens?: Record<string, 'read' | 'write'>) {
  lake = await startFakeContentLake('test', 'production', { tokens })
  const put = (doc: StoredDoc, rev: string) => lake.documents.set(doc._id, { ...doc, _rev: rev })
  put(oldShape(seedDoc('hero')), 'rev-hero')
  put({ ...oldShape(seedDoc('hero')), _id: 'drafts.hero', headline: draftHeadline }, 'rev-draft-hero')
  put(seedDoc('freeTrial'), 'rev-free-trial')
  put(seedDoc('features'), 'rev-features')
}

beforeEach(async () => {
  lines = []
  await startLake()
})
afterEach(async () => {
  await lake.close()
})

function migrate({ dryRun = false, token = 'editor', dataset = lake.dataset } = {}) {
  const client = createClient({
    projectId: lake.projectId,
    dataset,
    apiHost: lake.apiHost,
    useProjectHostname: false,
    apiVersion: API_VERSION,
    token,
    useCdn: false,
    // A refused connection fails at once instead of after the client's back-off.
    maxRetries: 0,
  })
  return migrateExperimentFields(client, { dryRun, log: (line) => lines.push(line) })
}

async function failure(run: Promise<unknown>): Promise<ContentCommandError> {
  const error = await run.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(error).toBeInstanceOf(ContentCommandError)
  return error as ContentCommandError
}

const snapshot = () => JSON.stringify([...lake.documents.entries()])
const doc = (id: string) => lake.documents.get(id) as StoredDoc
const withoutRev = ({ _rev: _, ...rest }: StoredDoc) => rest

describe('migrateExperimentFields', () => {
  it('wraps the old fields of the published hero and its draft, one transaction each, guarded by the revision read', async () => {
    const summary = await migrate()

    // The published hero ends exactly as the seed has it; nothing else of it moved.
    expect(withoutRev(doc('hero'))).toEqual(seedDoc('hero'))
    expect(doc('drafts.hero')['headline']).toEqual({ _type: 'experimentLocaleString', default: draftHeadline })
    expect(withoutRev(doc('drafts.hero'))).toEqual({
      ...seedDoc('hero'),
      _id: 'drafts.hero',
      headline: doc('drafts.hero')['headline'],
    })
    expect(lake.transactions.map(({ mutations }) => mutations)).toEqual([
      [{ patch: { id: 'hero', ifRevisionID: 'rev-hero', set: expect.any(Object) } }],
      [{ patch: { id: 'drafts.hero', ifRevisionID: 'rev-draft-hero', set: expect.any(Object) } }],
    ])
    expect(summary.changed.map(({ id }) => id)).toEqual(['hero', 'drafts.hero'])
    expect(lines).toEqual([
      'Read hero, drafts.hero, freeTrial.',
      'Migrated hero (published): headline, subheadline, primaryCta.',
      'Migrated drafts.hero (draft): headline, subheadline, primaryCta.',
      '2 documents migrated; running it again changes nothing.',
    ])
  })

  it('leaves a document already in the new shape as it is, revision and all', async () => {
    const freeTrial = structuredClone(doc('freeTrial'))
    const features = structuredClone(doc('features'))
    await migrate()
    expect(doc('freeTrial')).toEqual(freeTrial)
    expect(doc('features')).toEqual(features)
  })

  it('a second run changes nothing and says so', async () => {
    await migrate()
    const after = snapshot()
    const transactions = lake.transactions.length
    lines = []

    const summary = await migrate()
    expect(summary.changed).toEqual([])
    expect(snapshot()).toBe(after)
    expect(lake.transactions).toHaveLength(transactions)
    expect(lines).toEqual([
      'Read hero, drafts.hero, freeTrial.',
      'Nothing to migrate: every copy-experiment field is already in the new shape (or empty).',
    ])
  })

  it('a dry run lists what would change and writes nothing', async () => {
    const before = snapshot()
    const summary = await migrate({ dryRun: true })
    expect(snapshot()).toBe(before)
    expect(lake.transactions).toEqual([])
    expect(summary.changed.map(({ id }) => id)).toEqual(['hero', 'drafts.hero'])
    expect(lines).toEqual([
      'Read hero, drafts.hero, freeTrial.',
      'Would migrate hero (published): headline, subheadline, primaryCta.',
      'Would migrate drafts.hero (draft): headline, subheadline, primaryCta.',
      'Dry run: nothing was written. `npm run content:migrate` makes these changes.',
    ])
  })

  it('refuses to overwrite a Studio edit made after the read, stops, and migrates it on the next run', async () => {
    lake.beforeMutate = () => {
      lake.documents.set('hero', { ...doc('hero'), headline: studioEdit, _rev: 'rev-studio' })
      lake.beforeMutate = undefined
    }
    const draft = structuredClone(doc('drafts.hero'))

    const error = await failure(migrate())
    expect(error.message).toMatch(/^hero was changed after it was read .*nothing of it was overwritten/)
    expect(error.message).toContain('\nNothing was written.\n')
    expect(error.message).toMatch(/Run `npm run content:migrate` again/)
    expect(doc('hero')['headline']).toEqual(studioEdit)
    expect(doc('hero')['_rev']).toBe('rev-studio')
    expect(doc('drafts.hero')).toEqual(draft)

    await migrate()
    expect(doc('hero')['headline']).toEqual({ _type: 'experimentLocaleString', default: studioEdit })
  })

  it('after a conflict on a later document, says which ones were already migrated', async () => {
    let calls = 0
    lake.beforeMutate = () => {
      if (++calls === 2) lake.documents.set('drafts.hero', { ...doc('drafts.hero'), _rev: 'rev-studio' })
    }
    const error = await failure(migrate())
    expect(error.message).toMatch(/^drafts\.hero was changed after it was read/)
    expect(error.message).toContain('Already migrated before this: hero (published): headline, subheadline, primaryCta.')
    expect(withoutRev(doc('hero'))).toEqual(seedDoc('hero'))
  })

  it('a token that can only read: refused with the rights it needs, nothing written; its dry run works', async () => {
    await lake.close()
    await startLake({ editor: 'write', viewer: 'read' })
    const before = snapshot()

    const error = await failure(migrate({ token: 'viewer' }))
    expect(error.message).toMatch(
      /^The login may not write dataset production of project test \(HTTP 403: .*Insufficient permissions/,
    )
    expect(error.message).toMatch(/Editor rights[\s\S]*\nNothing was written\./)
    expect(snapshot()).toBe(before)

    await migrate({ token: 'viewer', dryRun: true })
    expect(lines).toContain('Would migrate hero (published): headline, subheadline, primaryCta.')
  })

  it('a token the project does not know: says to log in again', async () => {
    await lake.close()
    await startLake({ editor: 'write' })
    const error = await failure(migrate({ token: 'expired' }))
    expect(error.message).toMatch(/^Sanity did not accept the login \(HTTP 401: .*Session not found\).*npx sanity login/)
  })

  it('a dataset the project does not have: says so', async () => {
    const error = await failure(migrate({ dataset: 'staging' }))
    expect(error.message).toMatch(/^Project test has no dataset staging, or no such project \(HTTP 404/)
  })

  it('a dataset without those documents: nothing to migrate', async () => {
    for (const id of ['hero', 'drafts.hero', 'freeTrial']) lake.documents.delete(id)
    expect(await migrate()).toEqual({ changed: [] })
    expect(lines).toEqual(['Nothing to migrate: none of hero, drafts.hero, freeTrial, drafts.freeTrial is in the dataset.'])
  })

  it('no network: says so, and that nothing was written', async () => {
    await lake.close()
    const error = await failure(migrate())
    expect(error.message).toMatch(
      /^Could not reach Sanity at http:\/\/127\.0\.0\.1:\d+\/v2025-02-19 \(.*ECONNREFUSED.*\): check the network/,
    )
    expect(error.message).toContain('\nNothing was written.\n')
    lake = await startFakeContentLake() // for afterEach
  })

  it('migrates what it can and names the fields in neither shape, failing the command', async () => {
    lake.documents.set('freeTrial', { ...doc('freeTrial'), title: 'Teste grátis' })
    const error = await failure(migrate())
    expect(error.message).toBe(
      'Left as they are, in neither the old nor the new shape: fix them in the Studio.\n  freeTrial.title: a string, not an object',
    )
    expect(withoutRev(doc('hero'))).toEqual(seedDoc('hero'))
    expect(doc('freeTrial')['title']).toBe('Teste grátis')
  })
})
