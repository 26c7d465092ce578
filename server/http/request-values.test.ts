import { describe, expect, it } from 'vitest'
import { calendarDay, text } from './request-values.ts'

describe('text', () => {
  const field = text(10)

  it('takes text of any script, emoji and control characters PostgreSQL stores, trimmed', () => {
    for (const value of ['Ana', 'São Paulo', '東京', '👩🏽‍💼', 'a\tb\nc', '\u202eabc']) expect(field.parse(value)).toBe(value)
    expect(field.parse('  Ana  ')).toBe('Ana')
    expect(text(10, { trim: false }).parse('  Ana  ')).toBe('  Ana  ')
  })

  it.each([
    ['a NUL', 'a\u0000b', /NUL/],
    ['a high surrogate alone', 'a\ud800b', /lone surrogate/],
    ['a low surrogate alone', '\udc00', /lone surrogate/],
    ['a pair the wrong way round', '\udc00\ud800', /lone surrogate/],
    ['more than its length', 'x'.repeat(11), /at most|<=10/i],
  ])('refuses %s, saying why', (_case, value, reason) => {
    const parsed = field.safeParse(value)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.message).join(' ')).toMatch(reason)
  })
})

describe('calendarDay', () => {
  it.each(['2026-02-28', '2024-02-29', '2026-12-31', '0001-01-01', '9999-12-31'])('takes %s', (day) => {
    expect(calendarDay.parse(day)).toBe(day)
  })

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '0000-01-01',
    '2026-1-1',
    '20260101',
    ' 2026-01-01',
    '2026-01-01T00:00',
  ])('refuses %s', (day) => {
    expect(calendarDay.safeParse(day).success).toBe(false)
  })
})
