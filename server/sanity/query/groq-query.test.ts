import { describe, expect, it } from 'vitest'
import { applyPerspective, GroqRequestError, MAX_PERSPECTIVE_LENGTH, parsePerspective, queryDataset } from './groq-query.ts'
import type { SeedDocument } from '../local-dataset.ts'

const documents: SeedDocument[] = [
  { _id: 'hero', _type: 'hero', title: { pt: 'Publicado', en: 'Published' }, photo: { asset: { _ref: 'image-1' } } },
  { _id: 'drafts.hero', _type: 'hero', title: { pt: 'Rascunho', en: 'Draft' }, photo: { asset: { _ref: 'image-1' } } },
  { _id: 'versions.rSpring.hero', _type: 'hero', title: { en: 'Spring release' } },
  { _id: 'drafts.cta', _type: 'cta', label: 'Draft only' },
  { _id: 'image-1', _type: 'sanity.imageAsset', url: '/images/p/d/1-1x1.png' },
]

const ids = (docs: SeedDocument[]) => docs.map((doc) => doc._id)

describe('applyPerspective', () => {
  it('published (the default) leaves out drafts and release versions', () => {
    expect(ids(applyPerspective(documents, parsePerspective(undefined)))).toEqual(['hero', 'image-1'])
    expect(ids(applyPerspective(documents, parsePerspective('published')))).toEqual(['hero', 'image-1'])
  })

  it('drafts overlays drafts under the published _id, keeping the stored one as _originalId', () => {
    for (const name of ['drafts', 'previewDrafts']) {
      const visible = applyPerspective(documents, parsePerspective(name))
      expect(ids(visible)).toEqual(['hero', 'cta', 'image-1'])
      expect(visible[0]).toMatchObject({ _id: 'hero', _originalId: 'drafts.hero', title: { en: 'Draft' } })
      expect(visible[1]).toMatchObject({ _id: 'cta', _originalId: 'drafts.cta' })
    }
  })

  it('a release stack puts its versions over drafts over published', () => {
    const visible = applyPerspective(documents, parsePerspective('rSpring,drafts'))
    expect(visible[0]).toMatchObject({ _id: 'hero', _originalId: 'versions.rSpring.hero', title: { en: 'Spring release' } })
    expect(ids(visible)).toEqual(['hero', 'cta', 'image-1'])
  })

  it('raw returns every stored document', () => {
    expect(ids(applyPerspective(documents, parsePerspective('raw')))).toEqual(ids(documents))
  })

  it('refuses perspectives the API would refuse', () => {
    expect(() => parsePerspective('raw,drafts')).toThrow(GroqRequestError)
    expect(() => parsePerspective('drafts;drop')).toThrow(/Invalid perspective/)
  })

  it('refuses a list longer than MAX_PERSPECTIVE_LENGTH before reading it, and keeps each layer once', () => {
    const names = Array.from({ length: 255_000 }, (_, n) => `r${n.toString(36)}`).join(',')
    expect(() => parsePerspective(names)).toThrow(/longer than/)
    const atTheLimit = `drafts,${'a,'.repeat((MAX_PERSPECTIVE_LENGTH - 'drafts,a'.length) / 2)}a`
    expect(atTheLimit).toHaveLength(MAX_PERSPECTIVE_LENGTH)
    expect(parsePerspective(atTheLimit)).toEqual({ kind: 'stack', layers: ['drafts', 'a'] })
  })
})

describe('queryDataset', () => {
  it('applies params at parse time, so attribute lookups by $param work', async () => {
    await expect(queryDataset(documents, '*[_id == "hero"][0].title[$lang]', { lang: 'pt' })).resolves.toBe('Publicado')
  })

  it('dereferences within the perspective, and drafts see draft content', async () => {
    const query = '*[_type == "hero"][0]{"title": title.en, "url": photo.asset->url}'
    await expect(queryDataset(documents, query)).resolves.toEqual({ title: 'Published', url: '/images/p/d/1-1x1.png' })
    await expect(queryDataset(documents, query, {}, parsePerspective('drafts'))).resolves.toEqual({
      title: 'Draft',
      url: '/images/p/d/1-1x1.png',
    })
  })

  it('exposes the project and dataset to sanity:: functions', async () => {
    await expect(
      queryDataset(documents, '[sanity::projectId(), sanity::dataset()]', {}, undefined, {
        projectId: 'local',
        dataset: 'production',
      }),
    ).resolves.toEqual(['local', 'production'])
  })

  it('turns a syntax error into a queryParseError with its position', async () => {
    const error: unknown = await queryDataset(documents, '*[_type == "hero"').catch((err: unknown) => err)
    expect(error).toBeInstanceOf(GroqRequestError)
    expect((error as GroqRequestError).details).toMatchObject({
      type: 'queryParseError',
      query: '*[_type == "hero"',
      start: 16, // groq-js points at the last token read
      end: 17,
    })
    expect((error as GroqRequestError).details.description).toMatch(/Unexpected end of query/)
  })

  it('rejects unknown functions and missing params instead of returning null', async () => {
    await expect(queryDataset(documents, 'nope()')).rejects.toThrow('Undefined function: nope')
    await expect(queryDataset(documents, '*[_type == $type]{"x": $other}', { type: 'hero' })).rejects.toThrow(
      'param $other referenced, but not provided',
    )
  })

  it('reports features groq-js cannot evaluate as a request error', async () => {
    const error: unknown = await queryDataset(documents, '*[text::query("x")]').catch((err: unknown) => err)
    expect(error).toBeInstanceOf(GroqRequestError)
    expect((error as GroqRequestError).details.type).toBe('queryExecutionError')
  })
})
