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
