import { describe, expect, it } from 'vitest'
import { toCsv } from './waitlist-csv.ts'

describe('toCsv', () => {
  it('writes a header and one line per row, every field quoted', () => {
    const csv = toCsv(
      ['email', 'role'],
      [
        { email: 'ana@empresa.com', role: 'Head de RH, Pessoas' },
        { email: 'bo@x.co', role: 'Diz "oi"' },
      ],
    )
    expect(csv).toBe('"email","role"\r\n"ana@empresa.com","Head de RH, Pessoas"\r\n"bo@x.co","Diz ""oi"""\r\n')
  })

  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    // A spreadsheet that splits on semicolons (pt-BR) or commas starts a cell in the middle.
    ['Gerente;=1+1;', "Gerente;'=1+1;"],
    ['Gerente,=1+1', "Gerente,'=1+1"],
    [' =1+1', "' =1+1"],
    ['\t=1+1', "'\t=1+1"],
    ['Gerente\n=1+1', "Gerente\n'=1+1"],
    ['Gerente\r\n  @x', "Gerente\r\n'  @x"],
    ['＝1+1', "'＝1+1"],
    ['Head of People', 'Head of People'],
    ['Sales - EMEA', 'Sales - EMEA'],
  ])('defuses formulas wherever a cell could begin: %j', (role, shown) => {
    expect(toCsv(['role'], [{ role }])).toBe(`"role"\r\n"${shown.replace(/"/g, '""')}"\r\n`)
  })

  it('writes dates as ISO 8601 and missing values as empty cells', () => {
    expect(toCsv(['a', 'b'], [{ a: new Date('2026-11-21T10:00:00Z'), b: null }])).toBe(
      '"a","b"\r\n"2026-11-21T10:00:00.000Z",""\r\n',
    )
  })
})
