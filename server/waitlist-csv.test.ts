import { describe, expect, it } from 'vitest'
import { toCsv } from './waitlist-csv.ts'

describe('toCsv', () => {
  it('writes a header and one line per row, quoting what needs it', () => {
    const csv = toCsv(
      ['email', 'role'],
      [
        { email: 'ana@empresa.com', role: 'Head de RH, Pessoas' },
        { email: 'bo@x.co', role: 'Diz "oi"' },
      ],
    )
    expect(csv).toBe('email,role\r\nana@empresa.com,"Head de RH, Pessoas"\r\nbo@x.co,"Diz ""oi"""\r\n')
  })

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['role'], [{ role: '=HYPERLINK("http://x")' }])).toBe('role\r\n"\'=HYPERLINK(""http://x"")"\r\n')
  })

  it('writes dates as ISO 8601 and missing values as empty cells', () => {
    expect(toCsv(['a', 'b'], [{ a: new Date('2026-11-21T10:00:00Z'), b: null }])).toBe('a,b\r\n2026-11-21T10:00:00.000Z,\r\n')
  })
})
