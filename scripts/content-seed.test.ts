import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { c as createTar } from 'tar'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadLocalDataset } from '../server/content/local-dataset.ts'
import { makePng } from '../server/content/test-fixture.ts'
import { exportToSeed, safeFileName, SeedFormatError, seedToImport, unpackExport } from './content-seed.ts'
import { seedDir as repoSeedDir } from './content-target.ts'

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')
const ndjson = (docs: readonly object[]) => docs.map((doc) => `${JSON.stringify(doc)}\n`).join('')
const parseNdjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

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

describe('seedToImport', () => {
  it('gives every image the _sanityAsset key the importer reads, as an absolute file URL', async () => {
    const png = await write('seed/images/ana.png', makePng(2, 3))
    await write(
      'seed/data.ndjson',
      ndjson([
        { _id: 'hero', _type: 'hero', title: { pt: 'Olá' } },
        {
          _id: 'testimonials',
          _type: 'testimonialsSection',
          items: [
            { _key: 'a', photo: { _type: 'image', _sanity_asset: 'image@file://./images/ana.png', alt: 'Ana' } },
            { _key: 'b', photo: { _type: 'image', _sanity_asset: 'image@file://./images/ana.png' } },
            { _key: 'c', photo: { _type: 'image', _sanityAsset: 'image@https://example.com/x.png' } },
          ],
        },
      ]),
    )

    const prepared = await seedToImport(path.join(dir, 'seed'))

    expect(prepared.documents).toBe(2)
    expect(prepared.assetFiles).toEqual([png])
    expect(prepared.ndjson).not.toContain('_sanity_asset')
    const [hero, section] = parseNdjson(prepared.ndjson)
    expect(hero).toEqual({ _id: 'hero', _type: 'hero', title: { pt: 'Olá' } })
    expect(section?.['items']).toEqual([
      { _key: 'a', photo: { _type: 'image', _sanityAsset: `image@${pathToFileURL(png).href}`, alt: 'Ana' } },
      { _key: 'b', photo: { _type: 'image', _sanityAsset: `image@${pathToFileURL(png).href}` } },
      { _key: 'c', photo: { _type: 'image', _sanityAsset: 'image@https://example.com/x.png' } },
    ])
  })

  it('names the line and document whose image file is missing', async () => {
    await write(
      'seed/data.ndjson',
      ndjson([
        { _id: 'hero', _type: 'hero' },
        { _id: 'siteSettings', _type: 'siteSettings', ogImage: { _sanity_asset: 'image@file://./images/gone.png' } },
      ]),
    )
    const attempt = seedToImport(path.join(dir, 'seed'))
    await expect(attempt).rejects.toThrow(SeedFormatError)
    await expect(attempt).rejects.toThrow(/data\.ndjson:2: document "siteSettings" points at file:\/\/\.\/images\/gone\.png/)
  })

  it('rejects broken lines, duplicate ids and untyped asset markers with their line', async () => {
    await write('a/data.ndjson', '{"_id":"x","_type":"t"}\n{oops\n')
    await expect(seedToImport(path.join(dir, 'a'))).rejects.toThrow(/data\.ndjson:2: invalid JSON/)
    await write(
      'b/data.ndjson',
      ndjson([
        { _id: 'x', _type: 't' },
        { _id: 'x', _type: 't' },
      ]),
    )
    await expect(seedToImport(path.join(dir, 'b'))).rejects.toThrow(/:2: duplicate _id "x" \(first at .*:1\)/)
    await write('c/data.ndjson', ndjson([{ _id: 'x', _type: 't', img: { _sanity_asset: './images/a.png' } }]))
    await expect(seedToImport(path.join(dir, 'c'))).rejects.toThrow(/:1: asset marker "\.\/images\/a\.png" is not/)
  })

  it('finds every image of the real seed', async () => {
    const prepared = await seedToImport(repoSeedDir)
    const lines = (await readFile(path.join(repoSeedDir, 'data.ndjson'), 'utf8')).split('\n').filter(Boolean)
    expect(prepared.documents).toBe(lines.length)
    expect(prepared.assetFiles.length).toBeGreaterThan(0)
    expect(prepared.ndjson).not.toContain('_sanity_asset')
    expect(prepared.ndjson).not.toContain('file://./')
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

describe('unpackExport + exportToSeed', () => {
  const og = makePng(12, 6, [10, 20, 30])
  const mariana = makePng(4, 4, [200, 10, 10])
  const rafael = makePng(4, 4, [10, 200, 10])
  const orphan = makePng(3, 3, [1, 2, 3])
  const exportName = (bytes: Uint8Array, w: number, h: number) => `images/${sha1(bytes)}-${w}x${h}.png`
  const asset = (bytes: Uint8Array, w: number, h: number) => `image@file://./${exportName(bytes, w, h)}`
  const stamps = { _createdAt: '2026-11-20T10:00:00Z', _updatedAt: '2026-11-21T11:00:00Z', _rev: 'abc' }

  it('rebuilds the seed: own asset key, uploaded file names, seed order kept, stamps and orphans dropped', async () => {
    const seed = path.join(dir, 'seed')
    await write(
      'seed/data.ndjson',
      ndjson([
        { _id: 'siteSettings', _type: 'siteSettings' },
        { _id: 'hero', _type: 'hero' },
      ]),
    )
    await write('seed/images/stale.png', makePng(1, 1))
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
    const docs = parseNdjson(await readFile(path.join(seed, 'data.ndjson'), 'utf8'))
    expect(docs.map((doc) => doc['_id'])).toEqual(['siteSettings', 'hero', 'testimonial-new'])
    const rafaelName = `og-image-${sha1(rafael).slice(0, 8)}.png`
    expect(docs[0]).toEqual({
      _id: 'siteSettings',
      _type: 'siteSettings',
      ogImage: { _type: 'image', _sanity_asset: 'image@file://./images/og-image.png', alt: { pt: 'Logo' } },
      people: [
        {
          _key: 'm',
          photo: { _type: 'image', _sanity_asset: 'image@file://./images/Foto-da-Mariana-final.png', hotspot: { x: 0.5 } },
        },
      ],
    })
    expect(docs[1]).toEqual({ _id: 'hero', _type: 'hero', title: { _type: 'localeString', pt: 'Olá', en: 'Hello' } })
    expect(docs[2]).toEqual({
      _id: 'testimonial-new',
      _type: 'testimonial',
      photo: { _type: 'image', _sanity_asset: `image@file://./images/${rafaelName}` },
    })
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
