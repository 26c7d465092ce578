import { describe, expect, it } from 'vitest'
import { stegaClean, stegaEncodeSourceMap, type ContentSourceMap } from '@sanity/client/stega'
import { loadSeedDocuments } from '../../test/web/seed-content.ts'
import { campaignPage } from '../../test/fixtures/campaign-page.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { sectionIds, sectionType } from '../../schemas/page-sections.ts'
import { stegaOnlyOnCopy } from './stega-filter.ts'

type Leaf = [result: string, source: string]

/** Each string of `value` with its JSONPath in the answer (by index) and in the document (by `_key`), as a source map has them. */
function leaves(value: unknown, result = '$', source = '$'): Leaf[] {
  if (typeof value === 'string') return [[result, source]]
  if (Array.isArray(value)) {
    return value.flatMap((item: unknown, index) => {
      const key = (item as { _key?: unknown } | null)?._key
      return leaves(
        item,
        `${result}[${index}]`,
        typeof key === 'string' ? `${source}[?(@._key=='${key}')]` : `${source}[${index}]`,
      )
    })
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, inner]) => leaves(inner, `${result}['${name}']`, `${source}['${name}']`))
  }
  return []
}

/** Every string of `value`, in order. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** A source map that says every string of the answer comes from the same place in `document`, as a query of its fields gives. */
function sourceMapOf(document: { _id: string; _type: string }): ContentSourceMap {
  const all = leaves(document)
  return {
    documents: [{ _id: document._id, _type: document._type }],
    paths: all.map(([, source]) => source),
    mappings: Object.fromEntries(
      all.map(([result], index) => [result, { type: 'value', source: { type: 'documentValue', document: 0, path: index } }]),
    ),
  } as ContentSourceMap
}

/** Every page section kind, in a page: the campaign page's and the home page's. */
async function pageWithEveryKind() {
  const documents = await loadSeedDocuments()
  const home = documents.find((document) => document._id === HOME_PAGE_ID) as ReturnType<typeof campaignPage>
  const campaign = campaignPage(home)
  const sections = [...campaign.sections, ...home.sections.filter((s) => !campaign.sections.some((c) => c._type === s._type))]
  return { ...campaign, sections }
}

describe('click-to-edit in Presentation', () => {
  it('reaches every section of a page: each kind has copy that carries its source', async () => {
    const page = await pageWithEveryKind()
    expect(new Set(page.sections.map(({ _type }) => _type))).toEqual(new Set(sectionIds.map(sectionType)))
    const encoded = stegaEncodeSourceMap(structuredClone(page), sourceMapOf(page), {
      enabled: true,
      studioUrl: 'https://pulso.sanity.studio',
      filter: stegaOnlyOnCopy,
    })
    for (const [index, section] of page.sections.entries()) {
      const before = strings(section)
      const after = strings(encoded.sections[index])
      expect(after.filter((text, at) => text !== before[at]).length, section._type).toBeGreaterThan(0)
      // What a reader sees is the same text.
      expect(after.map((text) => stegaClean(text))).toEqual(before)
    }
  })

  it('leaves what is not copy exactly as typed: addresses, keys, names of organisations', async () => {
    const page = await pageWithEveryKind()
    const encoded = stegaEncodeSourceMap(structuredClone(page), sourceMapOf(page), {
      enabled: true,
      studioUrl: 'https://pulso.sanity.studio',
      filter: stegaOnlyOnCopy,
    })
    expect(encoded.slug).toEqual(page.slug)
    const richText = encoded.sections.find(({ _type }) => _type === 'richTextSection') as (typeof page.sections)[number] & {
      body: { pt: { markDefs: { href: string }[]; children: { text: string }[] }[] }
    }
    expect(richText.body.pt[1]?.markDefs[0]?.href).toBe('/privacidade')
    const logos = encoded.sections.find(({ _type }) => _type === 'logoRowSection') as { logos?: { name: string }[] }
    expect(logos.logos?.map(({ name }) => name)).toEqual(['Acme', 'Globex', 'Initech'])
    // The rich text's words are copy: they carry their source, so a click on them opens the text.
    expect(stegaClean(richText.body.pt[0]?.children[0]?.text)).not.toBe(richText.body.pt[0]?.children[0]?.text)
  })
})
