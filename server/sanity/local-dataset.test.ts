import { createHash } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalDatasetSource, loadLocalDataset, SeedDatasetError } from './local-dataset.ts'
import { createSeedFixture, makePng } from '../../test/server/seed-fixture.ts'
import type { SeedFixture } from '../../test/server/seed-fixture.ts'

const options = (fixture: SeedFixture) => ({ seedDir: fixture.dir, projectId: 'local', dataset: 'production' })
const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')

let fixture: SeedFixture
beforeEach(async () => {
  fixture = await createSeedFixture()
})
afterEach(async () => {
  await fixture.cleanup()
})

describe('loadLocalDataset', () => {
  it('turns _sanityAsset images into references to sanity.imageAsset documents, as the importer does', async () => {
    const portrait = await makePng(4, 6)
    const logo = await makePng(10, 2, [0, 0, 255])
    await fixture.writeImage('images/ana.png', portrait)
    await fixture.writeImage('images/brand/logo.png', logo)
    await fixture.writeData([
      {
        _id: 'testimonials',
        _type: 'testimonialsSection',
        items: [
          {
            _key: 'a',
            name: 'Ana',
            photo: { _type: 'image', _sanityAsset: 'image@file://./images/ana.png', alt: { en: 'Ana' } },
          },
          { _key: 'b', name: 'Bia', photo: { _type: 'image', _sanityAsset: 'image@file://./images/ana.png' } },
        ],
      },
      {
        _id: 'siteSettings',
        _type: 'siteSettings',
        logo: { _type: 'image', _sanityAsset: 'image@file://./images/brand/logo.png' },
      },
    ])

    const loaded = await loadLocalDataset(options(fixture))
    const portraitId = `image-${sha1(portrait)}-4x6-png`
    const logoId = `image-${sha1(logo)}-10x2-png`

    const testimonials = loaded.documents.find((doc) => doc._id === 'testimonials')
    expect(testimonials?.['items']).toEqual([
      {
        _key: 'a',
        name: 'Ana',
        photo: { _type: 'image', asset: { _type: 'reference', _ref: portraitId }, alt: { en: 'Ana' } },
      },
      { _key: 'b', name: 'Bia', photo: { _type: 'image', asset: { _type: 'reference', _ref: portraitId } } },
    ])
    expect(JSON.stringify(loaded.documents)).not.toContain('_sanityAsset')

    const assets = loaded.documents.filter((doc) => doc._type === 'sanity.imageAsset')
    expect(assets.map((doc) => doc._id).sort()).toEqual([logoId, portraitId].sort())
    expect(assets.find((doc) => doc._id === portraitId)).toMatchObject({
      url: `/images/local/production/${sha1(portrait)}-4x6.png`,
      mimeType: 'image/png',
      extension: 'png',
      size: portrait.length,
      originalFilename: 'ana.png',
      metadata: {
        dimensions: { width: 4, height: 6, aspectRatio: 4 / 6 },
        lqip: expect.stringMatching(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/) as unknown,
        hasAlpha: false,
        isOpaque: true,
      },
    })

    expect(loaded.images.get(`${sha1(logo)}-10x2.png`)).toEqual({
      filePath: `${fixture.dir}/images/brand/logo.png`,
      extension: 'png',
      mimeType: 'image/png',
      size: logo.length,
      width: 10,
      height: 2,
    })
    expect(loaded.images.size).toBe(2)
  })

  it('names the file and line of a malformed NDJSON line', async () => {
    await fixture.writeData('{"_id":"a","_type":"t"}\n\n{"_id": "b", "_type": \n{"_id":"c","_type":"t"}\n')
    const error: unknown = await loadLocalDataset(options(fixture)).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(SeedDatasetError)
    expect((error as Error).message).toContain(`${fixture.ndjsonPath}:3: invalid JSON`)
  })

  it('names the line of a document without _id or _type, or with a duplicate _id', async () => {
    await fixture.writeData('{"_id":"a","_type":"t"}\n{"_type":"t"}\n')
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow(`${fixture.ndjsonPath}:2: document has no string "_id"`)

    await fixture.writeData('{"_id":"a"}\n')
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow(`data.ndjson:1: document "a" has no string "_type"`)

    await fixture.writeData('{"_id":"a","_type":"t"}\n{"_id":"b","_type":"t"}\n{"_id":"a","_type":"t"}\n')
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow('data.ndjson:3: duplicate _id "a" (first seen on line 1)')
  })

  it('names the line and path of a missing or unreadable image', async () => {
    await fixture.writeData([
      { _id: 'a', _type: 't' },
      { _id: 'hero', _type: 'hero', image: { _type: 'image', _sanityAsset: 'image@file://./images/missing.png' } },
    ])
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow(
      `${fixture.ndjsonPath}:2: image file not found: ${fixture.dir}/images/missing.png`,
    )

    await fixture.writeImage('images/notes.png', Buffer.from('not really a png'))
    await fixture.writeData([{ _id: 'hero', _type: 'hero', image: { _sanityAsset: 'image@file://./images/notes.png' } }])
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow(/data\.ndjson:1: cannot read image .*notes\.png/)
  })

  it('reads an absolute file URL too, as the importer does, but no URL with a host', async () => {
    const file = await fixture.writeImage('elsewhere/bia.png', await makePng(5, 5))
    await fixture.writeData([{ _id: 'hero', _type: 'hero', image: { _sanityAsset: `image@${pathToFileURL(file).href}` } }])
    expect([...(await loadLocalDataset(options(fixture))).images.values()]).toMatchObject([{ filePath: file }])

    // The importer resolves only `file://./` against the NDJSON's folder; this one it cannot open.
    await fixture.writeData([{ _id: 'hero', _type: 'hero', image: { _sanityAsset: 'image@file://../elsewhere/bia.png' } }])
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow(
      `${fixture.ndjsonPath}:1: unsupported _sanityAsset "image@file://../elsewhere/bia.png"`,
    )
  })

  it('fails clearly when data.ndjson is missing', async () => {
    await expect(loadLocalDataset(options(fixture))).rejects.toThrow(/Cannot read seed dataset .*data\.ndjson/)
  })
})

describe('createLocalDatasetSource', () => {
  it('keeps the loaded dataset while nothing changed and reloads after an edit', async () => {
    await fixture.writeData([{ _id: 'hero', _type: 'hero', heading: 'First' }])
    const source = createLocalDatasetSource(options(fixture))
    const first = await source.get()
    expect(await source.get()).toBe(first)

    await fixture.writeData([{ _id: 'hero', _type: 'hero', heading: 'Second' }])
    const second = await source.get()
    expect(second).not.toBe(first)
    expect(second.documents[0]?.['heading']).toBe('Second')
  })

  it('reloads when an image used by the seed is replaced', async () => {
    await fixture.writeImage('images/ana.png', await makePng(2, 2))
    await fixture.writeData([{ _id: 'hero', _type: 'hero', image: { _sanityAsset: 'image@file://./images/ana.png' } }])
    const source = createLocalDatasetSource(options(fixture))
    expect([...(await source.get()).images.keys()][0]).toMatch(/-2x2\.png$/)

    await fixture.writeImage('images/ana.png', await makePng(8, 4))
    expect([...(await source.get()).images.keys()]).toEqual([`${sha1(await makePng(8, 4))}-8x4.png`])
  })

  it('reports a broken edit, then recovers once the file is fixed', async () => {
    await fixture.writeData([{ _id: 'hero', _type: 'hero' }])
    const source = createLocalDatasetSource(options(fixture))
    await source.get()

    await fixture.writeData('{"_id":"hero",')
    await expect(source.get()).rejects.toThrow(/data\.ndjson:1: invalid JSON/)

    await fixture.writeData([{ _id: 'hero', _type: 'hero', heading: 'Fixed' }])
    expect((await source.get()).documents[0]?.['heading']).toBe('Fixed')
  })

  it('shares one load between concurrent callers, the first and after an edit', async () => {
    await fixture.writeData([{ _id: 'hero', _type: 'hero', heading: 'First' }])
    const source = createLocalDatasetSource(options(fixture))
    const [a, b] = await Promise.all([source.get(), source.get()])
    expect(a).toBe(b)

    await fixture.writeData([{ _id: 'hero', _type: 'hero', heading: 'Second' }])
    const [c, d] = await Promise.all([source.get(), source.get()])
    expect(c).toBe(d)
    expect(c).not.toBe(a)
    expect(c.documents[0]?.['heading']).toBe('Second')
  })
})
