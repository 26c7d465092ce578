import { describe, expect, it } from 'vitest'
import { csvChunks } from './waitlist-csv.ts'

/** The whole CSV of `rows` read in pages of two, as an export reads them. */
async function toCsv(columns: string[], rows: Record<string, unknown>[]): Promise<string> {
  async function* pages() {
    for (let i = 0; i < rows.length; i += 2) yield rows.slice(i, i + 2)
  }
  let csv = ''
  for await (const chunk of csvChunks(columns, pages())) csv += chunk
  return csv
}

describe('csvChunks', () => {
  it('writes a header and one line per row, every field quoted, page after page', async () => {
    const csv = await toCsv(
      ['email', 'role'],
      [
        { email: 'ana@empresa.com', role: 'Head de RH, Pessoas' },
        { email: 'bo@x.co', role: 'Diz "oi"' },
        { email: 'cy@x.co', role: 'CTO' },
      ],
    )
    expect(csv).toBe('"email","role"\r\n"ana@empresa.com","Head de RH, Pessoas"\r\n"bo@x.co","Diz ""oi"""\r\n"cy@x.co","CTO"\r\n')
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
  ])('defuses formulas wherever a cell could begin: %j', async (role, shown) => {
    expect(await toCsv(['role'], [{ role }])).toBe(`"role"\r\n"${shown.replace(/"/g, '""')}"\r\n`)
  })

  it('writes dates as ISO 8601 and missing values as empty cells', async () => {
    expect(await toCsv(['a', 'b'], [{ a: new Date('2026-11-21T10:00:00Z'), b: null }])).toBe(
      '"a","b"\r\n"2026-11-21T10:00:00.000Z",""\r\n',
    )
  })
})
