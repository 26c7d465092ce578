/**
 * The seed through the Sanity CLI's own import and export libraries (the versions the installed
 * CLI loads, called with the options its `dataset import` / `dataset export` commands pass),
 * against a fake Content Lake: what `npm run content:import` and `content:export` do, minus the
 * hosted API.
 */
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@sanity/client'
import type { sanityImport as SanityImport } from '@sanity/import'
import type { exportDataset as ExportDataset } from '@sanity/export'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSeedForImport, exportToSeed, unpackExport } from './content-seed.ts'
import { seedDir } from './content-target.ts'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import { importFromCli, startFakeContentLake } from './fake-content-lake.ts'
import type { FakeContentLake, StoredDoc } from './fake-content-lake.ts'

type Operation = 'create' | 'createIfNotExists' | 'createOrReplace'

let lake: FakeContentLake
let work: string
let sanityImport: typeof SanityImport
let exportDataset: typeof ExportDataset
let seedDocs: StoredDoc[]

beforeAll(async () => {
  lake = await startFakeContentLake()
  work = await mkdtemp(path.join(tmpdir(), 'content-roundtrip-'))
  ;({ sanityImport } = await importFromCli<{ sanityImport: typeof SanityImport }>('@sanity/import'))
  ;({ exportDataset } = await importFromCli<{ exportDataset: typeof ExportDataset }>('@sanity/export'))
  seedDocs = parseNdjson(await readFile(path.join(seedDir, 'data.ndjson'), 'utf8'))
})
afterAll(async () => {
  await lake.close()
  await rm(work, { recursive: true, force: true })
})

function client() {
  return createClient({
    projectId: lake.projectId,
    dataset: lake.dataset,
    apiHost: lake.apiHost,
    useProjectHostname: false,
    apiVersion: '2025-02-19',
    token: 'test-token',
    useCdn: false,
  })
}

function parseNdjson(text: string): StoredDoc[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredDoc)
}

/** What `sanity datasets import <file> --dataset … [--missing|--replace]` runs. */
async function importFile(file: string, operation: Operation) {
  return sanityImport(createReadStream(file), {
    client: client() as unknown as Parameters<typeof SanityImport>[1]['client'],
    operation,
    releasesOperation: operation === 'createOrReplace' ? 'replace' : operation === 'create' ? 'fail' : 'ignore',
    allowAssetsInDifferentDataset: false,
    allowFailingAssets: false,
    allowSystemDocuments: false,
    replaceAssets: false,
    skipCrossDatasetReferences: false,
    tag: 'sanity.import',
    targetDataset: lake.dataset,
    targetProjectId: lake.projectId,
    assetsBase: path.dirname(file),
  })
}

/** What `npm run content:import` does: check the seed, then import its file as it is. */
async function importSeed(operation: Operation) {
  const { file } = await checkSeedForImport(seedDir, { projectId: lake.projectId, dataset: lake.dataset })
  return importFile(file, operation)
}

const contentDocs = () => [...lake.documents.values()].filter((doc) => doc._type !== 'sanity.imageAsset')
/**
 * Every stored document but its revision: the import library strengthens the references it made weak
 * on every run (the home page's to the statistics and testimonials), a patch that changes no field but
 * the revision.
 */
const snapshot = () => JSON.stringify([...lake.documents.entries()].map(([id, { _rev: _, ...doc }]) => [id, doc]))
const imageFields = (value: unknown): Record<string, unknown>[] => {
  if (Array.isArray(value)) return value.flatMap(imageFields)
  if (typeof value !== 'object' || value === null) return []
  const record = value as Record<string, unknown>
  const own = record['_type'] === 'image' ? [record] : []
  return [...own, ...Object.values(record).flatMap(imageFields)]
}

describe('the seed through the CLI import and export libraries', () => {
  it('imports every document, uploads each image once and points the image fields at it', async () => {
    const result = await importSeed('createIfNotExists')

    expect(result.numDocs).toBe(seedDocs.length)
    const imageFiles = await readdir(path.join(seedDir, 'images'))
    expect(lake.uploads).toBe(imageFiles.length)
    expect(
      contentDocs()
        .map((doc) => doc._id)
        .sort(),
    ).toEqual(seedDocs.map((doc) => doc._id).sort())
    const images = contentDocs().flatMap(imageFields)
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) {
      expect(image['asset']).toEqual({ _type: 'reference', _ref: expect.stringMatching(/^image-[0-9a-f]{40}-\d+x\d+-png$/) })
      expect(image).not.toHaveProperty('_sanityAsset')
    }
    const assets = [...lake.documents.values()].filter((doc) => doc._type === 'sanity.imageAsset')
    expect(assets.map((asset) => asset['originalFilename']).sort()).toEqual([...imageFiles].sort())
  })

  it('importing again (--missing) changes nothing and duplicates nothing', async () => {
    const before = snapshot()
    const result = await importSeed('createIfNotExists')
    expect(result.numDocs).toBe(seedDocs.length)
    expect(snapshot()).toBe(before)
  })

  it('--missing keeps an edit made in the Studio; --replace puts the seed back, reusing the images', async () => {
    const home = lake.documents.get(HOME_PAGE_ID) as StoredDoc
    lake.documents.set(HOME_PAGE_ID, { ...home, edited: 'in the Studio' })
    const uploads = lake.uploads

    await importSeed('createIfNotExists')
    expect(lake.documents.get(HOME_PAGE_ID)?.['edited']).toBe('in the Studio')

    await importSeed('createOrReplace')
    expect(lake.documents.get(HOME_PAGE_ID)).not.toHaveProperty('edited')
    expect(lake.uploads).toBe(uploads)
    expect(contentDocs()).toHaveLength(seedDocs.length)
  })

  it('exports (published only) and converts back to exactly the seed: the same bytes and images', async () => {
    lake.documents.set(`drafts.${HOME_PAGE_ID}`, {
      ...(lake.documents.get(HOME_PAGE_ID) as StoredDoc),
      _id: `drafts.${HOME_PAGE_ID}`,
      wip: true,
    })
    const tarball = path.join(work, 'production.tar.gz')
    // What `sanity datasets export production <file> --no-drafts` passes.
    await exportDataset({
      client: client() as unknown as Parameters<typeof ExportDataset>[0]['client'],
      dataset: lake.dataset,
      outputPath: tarball,
      assets: true,
      raw: false,
      drafts: false,
      compress: true,
      mode: 'stream',
      strictAssetVerification: true,
      assetConcurrency: 8,
    })

    const unpacked = path.join(work, 'unpacked')
    await unpackExport(tarball, unpacked)
    const seedCopy = path.join(work, 'seed')
    await mkdir(seedCopy)
    await copyFile(path.join(seedDir, 'data.ndjson'), path.join(seedCopy, 'data.ndjson'))
    const summary = await exportToSeed(unpacked, seedCopy)

    const imageFiles = (await readdir(path.join(seedDir, 'images'))).sort()
    expect(summary).toEqual({ documents: seedDocs.length, images: imageFiles.length, files: 0, unreferencedAssets: 0 })
    // Byte for byte: document order, key order and every value, so `git diff` shows no change.
    expect(await readFile(path.join(seedCopy, 'data.ndjson'), 'utf8')).toBe(
      await readFile(path.join(seedDir, 'data.ndjson'), 'utf8'),
    )
    expect((await readdir(path.join(seedCopy, 'images'))).sort()).toEqual(imageFiles)
    for (const name of imageFiles) {
      expect(await readFile(path.join(seedCopy, 'images', name))).toEqual(await readFile(path.join(seedDir, 'images', name)))
    }
  })
})
