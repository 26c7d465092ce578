import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { c as createTar } from 'tar'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadLocalDataset, SeedDatasetError } from '../server/sanity/local-dataset.ts'
import { makePng } from '../test/server/seed-fixture.ts'
import { checkSeedForImport, exportToSeed, safeFileName, unpackExport } from './content-seed.ts'
import { seedDir as repoSeedDir } from './content-target.ts'

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')
const ndjson = (docs: readonly object[]) => docs.map((doc) => `${JSON.stringify(doc)}\n`).join('')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-seed-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function write(relative: string, content: string | Uint8Array): Promise<string> {
  const file = path.join(dir, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
  return file
}

describe('checkSeedForImport', () => {
  const target = { projectId: 'test', dataset: 'production' }

  it('hands over the real seed file, counting its documents and images', async () => {
    const seed = await checkSeedForImport(repoSeedDir, target)
    const lines = (await readFile(path.join(repoSeedDir, 'data.ndjson'), 'utf8')).split('\n').filter(Boolean)
    expect(seed).toEqual({
      file: path.join(repoSeedDir, 'data.ndjson'),
      documents: lines.length,
      images: (await readdir(path.join(repoSeedDir, 'images'))).length,
    })
  })

  it('stops before the CLI runs when an image is missing, naming the line', async () => {
    await write('seed/images/ana.png', await makePng(2, 3))
    await write(
      'seed/data.ndjson',
      ndjson([
        { _id: 'hero', _type: 'hero', image: { _type: 'image', _sanityAsset: 'image@file://./images/ana.png' } },
        { _id: 'siteSettings', _type: 'siteSettings', ogImage: { _sanityAsset: 'image@file://./images/gone.png' } },
      ]),
    )
    const missing = checkSeedForImport(path.join(dir, 'seed'), target)
    await expect(missing).rejects.toThrow(SeedDatasetError)
    await expect(missing).rejects.toThrow(/data\.ndjson:2: image file not found: .*gone\.png/)
  })
})

/** Lays out a folder as @sanity/export does and packs it as it does (tar.Pack, prefix, gzip). */
async function buildExportTarball(
  documents: readonly object[],
  files: Record<string, Uint8Array>,
  assetsJson: object,
): Promise<string> {
  const folder = path.join(dir, 'export-src')
  await mkdir(path.join(folder, 'images'), { recursive: true })
  await mkdir(path.join(folder, 'files'), { recursive: true })
  await writeFile(path.join(folder, 'data.ndjson'), ndjson(documents))
  await writeFile(path.join(folder, 'assets.json'), JSON.stringify(assetsJson))
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(folder, name), bytes)
  const tarball = path.join(dir, 'production.tar.gz')
  await createTar(
    { gzip: true, file: tarball, cwd: folder, prefix: 'production-export-2026-11-21t12-00-00-000z', portable: true },
    ['data.ndjson', 'assets.json', 'files', 'images'],
  )
  return tarball
}

const [og, mariana, rafael, orphan] = await Promise.all([
  makePng(12, 6, [10, 20, 30]),
  makePng(4, 4, [200, 10, 10]),
  makePng(4, 4, [10, 200, 10]),
  makePng(3, 3, [1, 2, 3]),
])

describe('unpackExport + exportToSeed', () => {
  const exportName = (bytes: Uint8Array, w: number, h: number) => `images/${sha1(bytes)}-${w}x${h}.png`
  const asset = (bytes: Uint8Array, w: number, h: number) => `image@file://./${exportName(bytes, w, h)}`
  const stamps = { _createdAt: '2026-11-20T10:00:00Z', _updatedAt: '2026-11-21T11:00:00Z', _rev: 'abc' }

  it('rebuilds the seed: uploaded file names, seed order and _type first kept, stamps and orphans dropped', async () => {
    const seed = path.join(dir, 'seed')
    await write(
      'seed/data.ndjson',
      ndjson([
        { _id: 'siteSettings', _type: 'siteSettings' },
        { _id: 'hero', _type: 'hero' },
      ]),
    )
    await write('seed/images/stale.png', await makePng(1, 1))
    const tarball = await buildExportTarball(
      [
        // The API's order, not the seed's; keys as the export writes them.
        { ...stamps, _id: 'hero', _type: 'hero', title: { _type: 'localeString', pt: 'Olá', en: 'Hello' } },
        { ...stamps, _id: 'testimonial-new', _type: 'testimonial', photo: { _sanityAsset: asset(rafael, 4, 4), _type: 'image' } },
        {
          ...stamps,
          _id: 'siteSettings',
          _type: 'siteSettings',
          ogImage: { _sanityAsset: asset(og, 12, 6), _type: 'image', alt: { pt: 'Logo' } },
          people: [{ _key: 'm', photo: { _sanityAsset: asset(mariana, 4, 4), _type: 'image', hotspot: { x: 0.5 } } }],
        },
      ],
      {
        [exportName(og, 12, 6)]: og,
        [exportName(mariana, 4, 4)]: mariana,
        [exportName(rafael, 4, 4)]: rafael,
        [exportName(orphan, 3, 3)]: orphan,
      },
      {
        [`image-${sha1(og)}`]: { originalFilename: 'og-image.png', metadata: { _type: 'sanity.imageMetadata' } },
        [`image-${sha1(mariana)}`]: { originalFilename: 'Foto da Mariana (final).png' },
        // Two different uploads under one name keep both files.
        [`image-${sha1(rafael)}`]: { originalFilename: 'og-image.png' },
      },
    )

    const unpacked = path.join(dir, 'unpacked')
    await unpackExport(tarball, unpacked)
    const summary = await exportToSeed(unpacked, seed)

    expect(summary).toEqual({ documents: 3, images: 3, files: 0, unreferencedAssets: 1 })
    const rafaelName = `og-image-${sha1(rafael).slice(0, 8)}.png`
    // Compared as text: key order matters too (`_id`, `_type` first; an image's `_type` before its asset).
    expect(await readFile(path.join(seed, 'data.ndjson'), 'utf8')).toBe(
      ndjson([
        {
          _id: 'siteSettings',
          _type: 'siteSettings',
          ogImage: { _type: 'image', _sanityAsset: 'image@file://./images/og-image.png', alt: { pt: 'Logo' } },
          people: [
            {
              _key: 'm',
              photo: { _type: 'image', _sanityAsset: 'image@file://./images/Foto-da-Mariana-final.png', hotspot: { x: 0.5 } },
            },
          ],
        },
        { _id: 'hero', _type: 'hero', title: { _type: 'localeString', pt: 'Olá', en: 'Hello' } },
        {
          _id: 'testimonial-new',
          _type: 'testimonial',
          photo: { _type: 'image', _sanityAsset: `image@file://./images/${rafaelName}` },
        },
      ]),
    )
    expect((await readdir(path.join(seed, 'images'))).sort()).toEqual(
      ['Foto-da-Mariana-final.png', 'og-image.png', rafaelName].sort(),
    )
    expect(await readFile(path.join(seed, 'images', 'og-image.png'))).toEqual(og)
    expect(await readFile(path.join(seed, 'images', rafaelName))).toEqual(rafael)

    // The local server reads the result as it reads the hand-written seed.
    const loaded = await loadLocalDataset({ seedDir: seed, projectId: 'local', dataset: 'production' })
    const settings = loaded.documents.find((doc) => doc._id === 'siteSettings')
    expect(settings?.['ogImage']).toMatchObject({ asset: { _ref: `image-${sha1(og)}-12x6-png` } })
  })

  it('leaves the seed untouched when a document uses an asset the export lacks', async () => {
    const seed = path.join(dir, 'seed')
    const before = ndjson([{ _id: 'hero', _type: 'hero' }])
    await write('seed/data.ndjson', before)
    await write('seed/images/keep.png', og)
    const tarball = await buildExportTarball(
      [{ _id: 'hero', _type: 'hero', image: { _sanityAsset: asset(mariana, 4, 4), _type: 'image' } }],
      {},
      {},
    )
    const unpacked = path.join(dir, 'unpacked')
    await unpackExport(tarball, unpacked)

    await expect(exportToSeed(unpacked, seed)).rejects.toThrow(
      new RegExp(`document "hero" uses ${exportName(mariana, 4, 4)}, which the export does not contain`),
    )
    expect(await readFile(path.join(seed, 'data.ndjson'), 'utf8')).toBe(before)
    expect(await readdir(path.join(seed, 'images'))).toEqual(['keep.png'])
  })

  it('names the line of a broken export: bad JSON, a duplicate _id, an asset marker that is not type@url', async () => {
    const seed = path.join(dir, 'seed')
    await write('a/data.ndjson', '{"_id":"x","_type":"t"}\n{oops\n')
    await expect(exportToSeed(path.join(dir, 'a'), seed)).rejects.toThrow(/data\.ndjson:2: invalid JSON/)
    await write(
      'b/data.ndjson',
      ndjson([
        { _id: 'x', _type: 't' },
        { _id: 'x', _type: 't' },
      ]),
    )
    await expect(exportToSeed(path.join(dir, 'b'), seed)).rejects.toThrow(/:2: duplicate _id "x" \(first at .*:1\)/)
    await write('c/data.ndjson', ndjson([{ _id: 'x', _type: 't', img: { _sanityAsset: './images/a.png' } }]))
    await expect(exportToSeed(path.join(dir, 'c'), seed)).rejects.toThrow(/:1: asset marker "\.\/images\/a\.png" is not/)
  })

  it('says so when the file is not an export tarball', async () => {
    const notTar = await write('x.tar.gz', 'hello')
    await expect(unpackExport(notTar, path.join(dir, 'u1'))).rejects.toThrow(/Cannot unpack .*x\.tar\.gz/)
    const folder = path.join(dir, 'other')
    await mkdir(folder)
    await writeFile(path.join(folder, 'readme.txt'), 'hi')
    const tarball = path.join(dir, 'other.tar.gz')
    await createTar({ gzip: true, file: tarball, cwd: folder, prefix: 'top' }, ['readme.txt'])
    await expect(unpackExport(tarball, path.join(dir, 'u2'))).rejects.toThrow(/has no <folder>\/data\.ndjson/)
  })
})

describe('safeFileName', () => {
  it.each([
    ['og-image.png', 'og-image.png'],
    ['Foto da Mariana (final).png', 'Foto-da-Mariana-final.png'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\ana\\retrato.jpg', 'retrato.jpg'],
    ['capa', 'capa.png'],
    ['São Paulo.png', 'São-Paulo.png'],
    ['..', 'fallback.png'],
    [undefined, 'fallback.png'],
  ])('%j → %j', (original, expected) => {
    expect(safeFileName(original, 'fallback.png')).toBe(expected)
  })
})
