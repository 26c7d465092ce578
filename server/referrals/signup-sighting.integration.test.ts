// What a sign-up's insert leaves for referrals, on both databases (docs/decisions/0055): no row of
// its own in referrals.people or referrals.sightings, only where it came from on the place's row;
// a code once it is confirmed; a referral held for the referrer's network all the same; and those
// hashes gone with their salts, the day before's first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

const headersFrom = (address: string, userAgent: string) =>
  JSON.stringify({ 'x-forwarded-for': address, 'user-agent': userAgent })

describe.each(databaseKinds)('a sign-up’s referral traces on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    // Yesterday's salt too, as on any day but the first: a sign-up is hashed under both.
    await database.db.query(
      `insert into analytics.salts (day, salt) values ((now() at time zone 'UTC')::date - 1, substring(sha256('yesterday'::bytea) from 1 for 16)) on conflict do nothing`,
    )
  }, 60_000)
  afterAll(() => database?.close())

  const query = async <T>(text: string, params: unknown[] = []) => (await database.db.query<T>(text, params)).rows

  /** A visitor's insert as the public role, with the headers the server hands over. */
  async function signUp(email: string, headers: string, ref?: string) {
    await database.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true), set_config('request.method', 'POST', true),
                set_config('request.path', '/waitlist', true), set_config('request.headers', $1, true)`,
        [headers],
      )
      await tx.query('insert into public.waitlist (email, role, ref) values ($1, $2, $3)', [email, 'Lead', ref ?? null])
    })
    return (await query<{ id: string }>('select id from public.waitlist where email = $1', [email]))[0]!.id
  }

  const tracesOf = async (id: string) =>
    (
      await query<{ people: number; sightings: number; seen: number | null }>(
        `select (select count(*)::int from referrals.people where waitlist_id = $1) as people,
                (select count(*)::int from referrals.sightings where waitlist_id = $1) as sightings,
                (select octet_length(signup_seen) from public.waitlist where id = $1) as seen`,
        [id],
      )
    )[0]!

  it('writes no referral row, only where the sign-up came from on its own row; the code comes with the confirmation', async () => {
    const id = await signUp('rita@firma.example', headersFrom('203.0.113.7', 'Firefox R'))
    expect(await tracesOf(id)).toEqual({ people: 0, sightings: 0, seen: 64 })
    const unknown = await signUp('sem-endereco@firma.example', '{}')
    expect(await tracesOf(unknown)).toEqual({ people: 0, sightings: 0, seen: null })

    await query('select referrals.confirm_place($1, false, null)', [id])
    const [person] = await query<{ code: string; waiting: boolean }>(
      'select code, waiting from referrals.people where waitlist_id = $1',
      [id],
    )
    expect(person?.code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{8}$/)
    expect(person?.waiting).toBe(true)
    expect((await query<{ place: string }>('select referrals.place_of($1) as place', [id]))[0]?.place).not.toBeNull()
  })

  it('holds a referral from the referrer’s network by their sign-ups alone, and one from another network not', async () => {
    const referrer = (
      await query<{ code: string }>(
        `select p.code from referrals.people as p join public.waitlist as w on w.id = p.waitlist_id where w.email = 'rita@firma.example'`,
      )
    )[0]!.code
    const sameBrowser = await signUp('colega1@outra.example', headersFrom('203.0.113.7', 'Firefox R'), referrer)
    const sameNetwork = await signUp('colega2@outra.example', headersFrom('203.0.113.99', 'Chrome C'), referrer)
    const elsewhere = await signUp('colega3@outra.example', headersFrom('198.51.100.4', 'Chrome C'), referrer)
    const matches = await query<{ referred_id: string; network_match: string | null }>(
      'select referred_id, network_match from referrals.referrals where referred_id = any($1::uuid[])',
      [[sameBrowser, sameNetwork, elsewhere]],
    )
    expect(Object.fromEntries(matches.map((row) => [row.referred_id, row.network_match]))).toEqual({
      [sameBrowser]: 'same_visitor',
      [sameNetwork]: 'same_network',
      [elsewhere]: null,
    })
  })

  it('forgets the day before’s hashes once the sign-up’s day is over, and its own once the next is over too', async () => {
    const id = await signUp('dia@firma.example', headersFrom('192.0.2.44', 'Safari D'))
    expect((await tracesOf(id)).seen).toBe(64)
    await query(`update public.waitlist set created_at = created_at - interval '1 day' where id = $1`, [id])
    await query('select referrals.forget_sightings()')
    expect((await tracesOf(id)).seen).toBe(32)
    await query(`update public.waitlist set created_at = created_at - interval '1 day' where id = $1`, [id])
    await query('select referrals.forget_sightings()')
    expect((await tracesOf(id)).seen).toBeNull()
  })
})
