// The waitlist's own rule for addresses, on both databases: the same cases as the TypeScript
// rule (supabase/functions/_shared/welcome/email-address.ts), and one row per person and per request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addressCases } from '../../test/attacks/address-cases.ts'
import { uniqueAddress } from '../../test/eventually.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

describe.each(databaseKinds)('the waitlist on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())

  /**
   * An insert as the public key makes it, answered as PostgREST answers it: the status the
   * statement set (a refusal is 400 without an error, so that its request still counts), else 201.
   */
  const insertAsAnon = async (...emails: string[]) => {
    const { rows } = await database.db.queryAsAnon<{ status: string | null }>(
      `with added as (insert into public.waitlist (email, role) select unnest($1::text[]), 'Head de Pessoas' returning 1)
       select count(*), nullif(current_setting('response.status', true), '') as status from added`,
      [emails],
    )
    return Number(rows[0]?.status ?? 201)
  }
  const stored = async (email: string) =>
    (await database.db.query<{ email: string }>('select email from public.waitlist where lower(email) = lower($1)', [email])).rows

  const ascii = (text: string) => /^[\x20-\x7e]*$/.test(text)
  // Several cases spell one mailbox: each case starts from an empty list.
  afterEach(() => database.db.query('delete from public.waitlist'))

  it.each(addressCases.filter(([input, canonical]) => canonical !== undefined && ascii(input)))(
    'stores %j as %j',
    async (input, canonical) => {
      expect(await insertAsAnon(input)).toBe(201)
      expect(await stored(canonical ?? '')).toEqual([{ email: canonical }])
    },
  )

  it.each(addressCases.filter(([input, canonical]) => canonical !== undefined && !ascii(input)))(
    'refuses %j until the caller writes its domain in punycode (%j)',
    async (input, canonical) => {
      expect(await insertAsAnon(input)).toBe(400)
      expect(await insertAsAnon(canonical ?? '')).toBe(201)
      expect(await stored(canonical ?? '')).toEqual([{ email: canonical }])
    },
  )

  it.each(addressCases.filter(([, canonical]) => canonical === undefined))('refuses %j', async (input) => {
    expect(await insertAsAnon(input)).toBe(400)
    // The server's own rights meet the same rule as the table's CHECK constraint.
    await expect(
      database.db.query(`insert into public.waitlist (email, role) values ($1, 'Head de Pessoas')`, [input]),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it('keeps one row for six spellings of one mailbox, and answers each insert as a new one', async () => {
    const mailbox = uniqueAddress('victim')
    const [local, domain] = mailbox.split('@')
    for (const spelling of [mailbox, `${local}@${domain?.toUpperCase()}.`, ` ${mailbox} `, mailbox.toUpperCase()]) {
      expect(await insertAsAnon(spelling)).toBe(201)
    }
    expect(await stored(mailbox)).toEqual([{ email: mailbox }])
  })

  it('refuses a request that adds more than one row, keeping none of them', async () => {
    const [first, second] = [uniqueAddress('one'), uniqueAddress('two')]
    expect(await insertAsAnon(first, second)).toBe(400)
    expect([...(await stored(first)), ...(await stored(second))]).toEqual([])
  })

  it('lets the server, with its own rights, add several rows at once', async () => {
    const [first, second] = [uniqueAddress('one'), uniqueAddress('two')]
    await database.db.query(`insert into public.waitlist (email, role) values ($1, 'x'), ($2, 'x')`, [first, second])
    expect([...(await stored(first)), ...(await stored(second))]).toHaveLength(2)
  })
})
