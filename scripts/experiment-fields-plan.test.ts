import { describe, expect, it } from 'vitest'
import { migratedIds, planDocument, type SanityDoc } from './experiment-fields-plan.ts'

const hero = (fields: Record<string, unknown>): SanityDoc => ({ _id: 'hero', _type: 'hero', _rev: 'r1', ...fields })
const line = { _type: 'localeString', pt: 'Olá', en: 'Hello' }
const paragraph = { _type: 'localeText', pt: 'Um parágrafo.', en: 'A paragraph.' }

describe('planDocument', () => {
  it('wraps each bare locale object as the default of its field, with the type the schema gives the field', () => {
    const plan = planDocument(hero({ headline: line, subheadline: paragraph, primaryCta: line }))
    expect(plan).toEqual({
      id: 'hero',
      rev: 'r1',
      changes: [
        { field: 'headline', value: { _type: 'experimentLocaleString', default: line } },
        { field: 'subheadline', value: { _type: 'experimentLocaleText', default: paragraph } },
        { field: 'primaryCta', value: { _type: 'experimentLocaleString', default: line } },
      ],
      current: [],
      unrecognised: [],
    })
  })

  it('takes a {pt, en} object without _type as the old shape and gives its default the type', () => {
    const plan = planDocument({ _id: 'drafts.freeTrial', _type: 'freeTrial', _rev: 'r2', title: { pt: 'Teste', _key: 'k' } })
    expect(plan.changes).toEqual([
      { field: 'title', value: { _type: 'experimentLocaleString', default: { _type: 'localeString', pt: 'Teste', _key: 'k' } } },
    ])
  })

  it('leaves fields already in the new shape, empty fields and every other field alone', () => {
    const wrapped = { _type: 'experimentLocaleString', default: line, experimentId: 'exp-1', variants: [] }
    const plan = planDocument(hero({ headline: wrapped, subheadline: null, secondaryCta: line, badge: line }))
    expect(plan).toMatchObject({ changes: [], current: ['headline'], unrecognised: [] })
  })

  it('reports what is in neither shape instead of guessing', () => {
    const plan = planDocument(
      hero({
        headline: 'Olá',
        subheadline: { _type: 'localeString', pt: 'line where a paragraph belongs' },
        primaryCta: { default: line },
      }),
    )
    expect(plan.changes).toEqual([])
    expect(plan.unrecognised).toEqual([
      { field: 'headline', problem: 'a string, not an object' },
      { field: 'subheadline', problem: 'of type "localeString", not localeText or experimentLocaleText' },
      { field: 'primaryCta', problem: 'an object without _type whose "default" is not a language\'s text' },
    ])
  })

  it('looks at the published documents that hold the fields and their drafts', () => {
    expect(migratedIds).toEqual(['hero', 'drafts.hero', 'freeTrial', 'drafts.freeTrial'])
  })
})
