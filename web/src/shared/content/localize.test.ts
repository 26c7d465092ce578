import { describe, expect, it } from 'vitest'
import { localize, localizeList } from './localize.ts'
import { point, text } from '../../../../test/web/content-fixtures.ts'

describe('localize', () => {
  it('returns the text in the requested language, trimmed', () => {
    expect(localize(text('  Olá ', 'Hello'), 'pt')).toBe('Olá')
    expect(localize(text('Olá', 'Hello'), 'en')).toBe('Hello')
  })

  it('never borrows the other language', () => {
    expect(localize(text('Olá', undefined), 'en')).toBeUndefined()
    expect(localize(text(undefined, 'Hello'), 'pt')).toBeUndefined()
  })

  it('treats a blank text, a null and a missing field as missing', () => {
    expect(localize(text('   ', 'Hello'), 'pt')).toBeUndefined()
    expect(localize({ pt: null }, 'pt')).toBeUndefined()
    expect(localize(null, 'pt')).toBeUndefined()
    expect(localize(undefined, 'en')).toBeUndefined()
  })
})

describe('localizeList', () => {
  it('keeps only the points written in the requested language, in order', () => {
    const points = [point('a', 'Um', 'One'), point('b', 'Dois', undefined), point('c', 'Três', ' '), point('d', 'Quatro', 'Four')]
    expect(localizeList(points, 'en')).toEqual(['One', 'Four'])
    expect(localizeList(points, 'pt')).toEqual(['Um', 'Dois', 'Três', 'Quatro'])
  })

  it('is empty for a missing list', () => {
    expect(localizeList(null, 'pt')).toEqual([])
    expect(localizeList(undefined, 'en')).toEqual([])
  })
})
