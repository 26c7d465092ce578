import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSeedWriter, isContentMutation } from './seed-writes.ts'

async function seedFile() {
  const file = join(await mkdtemp(join(tmpdir(), 'pulso-seed-writes-')), 'data.ndjson')
  const hero = { _id: 'hero', _type: 'hero', headline: { _type: 'experimentLocaleString', default: { pt: 'Olá', en: 'Hi' } } }
  await writeFile(file, `${JSON.stringify(hero)}\n${JSON.stringify({ _id: 'cta', _type: 'cta' })}\n`)
  return file
}
const documents = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('the seed as the offline dataset', () => {
  it('applies a transaction of creates and patches in order, keeping the other documents and their order', async () => {
    const file = await seedFile()
    const writer = createSeedWriter(file)
    const answer = await writer.mutate(
      [
        { create: { _id: 'experiment-1', _type: 'experiment', title: 'Shorter', status: 'draft' } },
        { patch: { id: 'hero', set: { 'headline.experimentId': 'experiment-1', 'headline.variants': [{ variantId: 'b' }] } } },
        { patch: { id: 'experiment-1', set: { status: 'running' } } },
      ],
      'pEditor',
    )
    expect(answer.results.map((r) => r.operation)).toEqual(['create', 'update', 'update'])
    const [hero, cta, experiment] = await documents(file)
    expect(hero).toMatchObject({
      headline: { default: { pt: 'Olá' }, experimentId: 'experiment-1', variants: [{ variantId: 'b' }] },
    })
    expect(cta).toEqual({ _id: 'cta', _type: 'cta' })
    expect(experiment).toMatchObject({ _id: 'experiment-1', status: 'running' })
    expect(writer.history('hero')).toEqual([
      expect.objectContaining({ author: 'pEditor', documentIDs: ['experiment-1', 'hero', 'experiment-1'] }),
    ])
  })

  it('unsets paths, and writes nothing of a transaction one of whose mutations fails', async () => {
    const file = await seedFile()
    const writer = createSeedWriter(file)
    await writer.mutate([{ patch: { id: 'hero', unset: ['headline.default.en'] } }], 'pEditor')
    expect((await documents(file))[0]).toMatchObject({ headline: { default: { pt: 'Olá' } } })
    const before = await readFile(file, 'utf8')
    await expect(
      writer.mutate([{ patch: { id: 'hero', set: { badge: 'x' } } }, { patch: { id: 'nope', set: { a: 1 } } }], 'pEditor'),
    ).rejects.toThrow(/not found/)
    await expect(writer.mutate([{ patch: { id: 'hero', set: { 'a.__proto__.b': 1 } } }], 'pEditor')).rejects.toThrow(/path/)
    await expect(writer.mutate([{ create: { _id: 'cta', _type: 'cta' } }], 'pEditor')).rejects.toThrow(/already exists/)
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('sets and unsets a list item’s field named by its key, as the Launch tool’s experiments write a page’s sections', async () => {
    const file = await seedFile()
    const writer = createSeedWriter(file)
    const sections = [
      { _key: 'hero', _type: 'heroSection', headline: { default: { pt: 'Olá' } } },
      { _key: 'cta', _type: 'ctaSection' },
    ]
    await writer.mutate([{ create: { _id: 'page-x', _type: 'page', sections } }], 'pEditor')
    await writer.mutate(
      [
        {
          patch: {
            id: 'page-x',
            set: { 'sections[_key=="hero"].headline.experimentId': 'exp-1' },
            unset: ['sections[_key=="hero"].headline.default'],
          },
        },
      ],
      'pEditor',
    )
    const page = (await documents(file)).find((doc) => doc['_id'] === 'page-x')
    expect(page).toMatchObject({ sections: [{ _key: 'hero', headline: { experimentId: 'exp-1' } }, { _key: 'cta' }] })
    expect(JSON.stringify(page)).not.toContain('Olá')
    // An item no list has: nothing set, as Sanity does; a path that ends at an item, or a key of other characters: refused.
    await writer.mutate([{ patch: { id: 'page-x', set: { 'sections[_key=="nope"].headline': 'x' } } }], 'pEditor')
    expect(JSON.stringify((await documents(file)).find((doc) => doc['_id'] === 'page-x'))).not.toContain('nope')
    await expect(writer.mutate([{ patch: { id: 'page-x', set: { 'sections[_key=="hero"]': {} } } }], 'pEditor')).rejects.toThrow(
      /path/,
    )
    await expect(writer.mutate([{ patch: { id: 'page-x', set: { 'sections[_key=="a b"].x': 1 } } }], 'pEditor')).rejects.toThrow(
      /path/,
    )
  })

  it('takes only public documents: drafts and private ones are not the seed’s to change here', () => {
    expect(isContentMutation({ patch: { id: 'hero', set: {} } })).toBe(true)
    expect(isContentMutation({ create: { _id: 'experiment-1', _type: 'experiment' } })).toBe(true)
    expect(isContentMutation({ patch: { id: 'drafts.hero', set: {} } })).toBe(false)
    expect(isContentMutation({ create: { _id: 'pulso-launch-proof.x', _type: 'pulso.launchProof' } })).toBe(false)
    expect(isContentMutation({ delete: { id: 'hero' } })).toBe(true)
    expect(isContentMutation({ delete: { id: 'drafts.hero' } })).toBe(false)
  })

  it('deletes a published document, as unpublishing does, and nothing when there is none', async () => {
    const file = await seedFile()
    const writer = createSeedWriter(file)
    const answer = await writer.mutate([{ delete: { id: 'cta' } }, { delete: { id: 'nope' } }], 'pEditor')
    expect(answer.results).toEqual([{ id: 'cta', operation: 'delete' }])
    expect((await documents(file)).map((doc) => doc['_id'])).toEqual(['hero'])
  })
})
