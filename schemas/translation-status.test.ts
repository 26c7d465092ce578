import { describe, expect, it } from 'vitest'
import { countMissingTranslations, describeMissingTranslations, missingLocalesLabel } from './translation-status'

describe('countMissingTranslations', () => {
  it('counts empty languages in localized texts at any depth', () => {
    const hero = {
      _id: 'hero',
      _type: 'hero',
      headline: { _type: 'localeString', pt: 'Avaliações', en: 'Reviews' },
      subheadline: { _type: 'localeText', pt: 'Texto', en: '  ' },
      oldWayPoints: [
        { _key: 'a', _type: 'localeString', pt: 'Um' },
        { _key: 'b', _type: 'localeString', pt: 'Dois', en: 'Two' },
      ],
      photo: { _type: 'image', alt: { en: 'A face' } },
    }
    expect(countMissingTranslations(hero)).toEqual({ pt: 1, en: 2 })
  })

  it('recognises localized objects the Studio has not typed yet, and ignores other objects', () => {
    const value = { title: { pt: 'Olá' }, link: { href: '/en', label: 'x' }, order: 1 }
    expect(countMissingTranslations(value)).toEqual({ pt: 0, en: 1 })
  })

  it('counts a page’s texts, its sections’ included, and not its addresses or sharing images', () => {
    const page = {
      _id: 'campaign',
      _type: 'page',
      title: { _type: 'localeString', pt: 'RH', en: 'HR' },
      description: { _type: 'localeText', pt: 'Para RH' },
      // As the Studio writes an inline object per language: no _type on the object itself.
      slug: { pt: { _type: 'slug', current: 'rh' }, en: { _type: 'slug', current: 'for-hr-leaders' } },
      shareImage: { pt: { _type: 'image', asset: { _ref: 'image-a' }, alt: 'Uma foto' } },
      sections: [
        {
          _key: 'faq',
          _type: 'faqSection',
          questions: [{ _key: 'q', question: { pt: 'Quanto custa?' }, answer: { pt: 'Nada.' } }],
        },
        { _key: 'text', _type: 'richTextSection', body: { _type: 'localeRichText', pt: [{ _type: 'block' }], en: [] } },
      ],
    }
    expect(countMissingTranslations(page)).toEqual({ pt: 0, en: 4 })
  })

  it('finds nothing missing in a complete or empty document', () => {
    expect(countMissingTranslations({ title: { _type: 'localeString', pt: 'Olá', en: 'Hi' } })).toEqual({ pt: 0, en: 0 })
    expect(countMissingTranslations(undefined)).toEqual({ pt: 0, en: 0 })
  })
})

describe('describing the gaps', () => {
  it('names each language with a count', () => {
    expect(describeMissingTranslations({ pt: 0, en: 1 })).toBe('English missing in 1 text')
    expect(describeMissingTranslations({ pt: 2, en: 3 })).toBe('Português missing in 2 texts · English missing in 3 texts')
    expect(missingLocalesLabel({ pt: 2, en: 3 })).toBe('PT + EN missing')
  })

  it('says nothing when complete', () => {
    expect(describeMissingTranslations({ pt: 0, en: 0 })).toBeUndefined()
    expect(missingLocalesLabel({ pt: 0, en: 0 })).toBeUndefined()
  })
})
