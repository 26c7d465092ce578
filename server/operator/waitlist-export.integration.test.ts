// The waitlist's CSV as the database writes it (supabase/migrations/20261205110000): the cell rules
// that keep a spreadsheet from running a formula, and every place exactly once, in order, across the
// export's pages, places sharing one creation time across a page boundary included, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'
import { EXPORT_PAGE, FIRST_EXPORT_PAGE, sqlOperatorStore } from './operator-store.ts'

/** V8 keeps a text of this length or more as a large object of its own (docs/decisions/0096). */
const LARGE_TEXT = 128 * 1024

describe.each(databaseKinds)('the waitlist export on $kind', ({ kind, open }) => {
  const pageSize = EXPORT_PAGE[kind]
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  }, 60_000)
  afterAll(() => database?.close())

  const field = async (value: string | null) =>
    (await database.db.query<{ field: string }>('select operator.csv_field($1) as field', [value])).rows[0]?.field

  it('quotes every field, doubles quotes, and writes null as an empty field', async () => {
    expect(await field('Head de RH, Pessoas')).toBe('"Head de RH, Pessoas"')
    expect(await field('Diz "oi"')).toBe('"Diz ""oi"""')
    expect(await field(null)).toBe('""')
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
    ['\t\t=1+1', "'\t\t=1+1"],
    ['Gerente\t=1+1', "Gerente\t'=1+1"],
    ['\n=1+1', "\n'=1+1"],
    ['Gerente\n=1+1', "Gerente\n'=1+1"],
    ['Gerente\r\n  @x', "Gerente\r\n'  @x"],
    ['＝1+1', "'＝1+1"],
    ['Head of People', 'Head of People'],
    ['Sales - EMEA', 'Sales - EMEA'],
  ])('defuses formulas wherever a cell could begin: %j', async (value, shown) => {
    expect(await field(value)).toBe(`"${shown.replace(/"/g, '""')}"`)
  })

  it('writes the header alone while nobody has signed up', async () => {
    const pages = []
    for await (const page of sqlOperatorStore(database.db).waitlistExport('p-empty')) pages.push(page)
    expect(pages).toMatchObject([{ rows: 0, csv: expect.stringMatching(/^"email","role",[^\n]*\r\n$/) }])
  })

  it('writes every place once, oldest first, across pages, those of one same instant included', async () => {
    const { db } = database
    // More than two pages, and their boundaries inside a run of places written at one instant (a
    // bulk import, or microseconds the clock repeats): the order within it is the places' ids.
    const places = FIRST_EXPORT_PAGE + pageSize + 7
    await db.query(
      `insert into public.waitlist (email, role, created_at, confirmed_at)
       select 'pessoa-' || n || '@empresa.example', 'Gestora',
              case when n between 10 and $2::int + 5 then timestamptz '2026-11-20 10:00:00.123456+00'
                   else timestamptz '2026-11-20 09:00:00+00' + make_interval(secs => n) end,
              case when n % 3 = 0 then timestamptz '2026-11-21 08:00:00.5+00' end
       from generate_series(1, $1::int) as n`,
      [places, FIRST_EXPORT_PAGE + pageSize],
    )
    const { rows: expected } = await db.query<{ email: string }>('select email from public.waitlist order by created_at, id')
    expect(expected).toHaveLength(places)

    const pages = []
    for await (const page of sqlOperatorStore(db).waitlistExport('p-test')) pages.push(page)
    expect(pages.map((page) => page.rows)).toEqual([FIRST_EXPORT_PAGE, pageSize, 7])
    expect(pages.reduce((sum, page) => sum + page.confirmed, 0)).toBe(Math.floor(places / 3))
    const lines = pages
      .map((page) => page.csv)
      .join('')
      .split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines[0]).toBe(
      '"email","role","company_size","created_at","confirmed","confirmed_at","consent_locale","consent_version","locale","welcome_status","welcomed_at"',
    )
    expect(lines.slice(1).map((line) => line.slice(1, line.indexOf('"', 1)))).toEqual(expected.map((row) => row.email))
    expect(lines[3]).toBe(
      '"pessoa-3@empresa.example","Gestora","unknown","2026-11-20T09:00:03.000Z","yes","2026-11-21T08:00:00.500Z","","","","",""',
    )
    const { rows: audit } = await db.query<{ detail: unknown }>(
      `select detail from operator.audit where actor = 'p-test' and action = 'waitlist.exported'`,
    )
    expect(audit).toEqual([{ detail: { rows: places } }])
  })

  it('audits an export when it begins and writes its count when its last page is read: a stopped one has none', async () => {
    const { db } = database
    // The places of the test above: more than a page, so the first page is not the last.
    for await (const page of sqlOperatorStore(db).waitlistExport('p-stopped')) if (page.rows > 0) break
    const { rows: audit } = await db.query<{ detail: unknown }>(
      `select detail from operator.audit where actor = 'p-stopped' and action = 'waitlist.exported'`,
    )
    expect(audit).toEqual([{ detail: {} }])
  })

  it("keeps each page a text under V8's large-object size", async () => {
    // Places as long as most (an address of 50 characters, a role of 25): a page of 2,000 of them
    // would be a large object, promoted whenever a collection finds it in flight; the server's
    // memory grew with them (decisions 0096 and 0104).
    await database.db.query(
      `insert into public.waitlist (email, role, created_at)
       select 'pessoa.com.um.nome-' || n || '@empresa-de-exemplo.example', 'Head de Pessoas e Cultura', now()
       from generate_series(1, $1::int) as n`,
      [2 * pageSize],
    )
    const sizes = []
    for await (const page of sqlOperatorStore(database.db).waitlistExport('p-sizes')) sizes.push(page.csv.length)
    expect(sizes.length).toBeGreaterThan(2)
    expect(Math.max(...sizes)).toBeLessThan(LARGE_TEXT)
  })
})
