// A sign-up's experiment arms come from the database, on both databases (docs/decisions/0064): the
// site server's hashes of a visitor (experiment-visitor.ts) equal the ones the insert's trigger makes
// from the same request's headers, for every kind of address; the trigger finds the visitor's own
// exposure (today's, else yesterday's) once, counts a client's other visitors and repeats over the
// bound, and never reads the arms the request sends; and exposures keep one visitor per client a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'
import { utcDay, dayBefore } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import { clientAsTheDatabaseNamesIt } from '../http/client-address.ts'
import { sqlExperimentCounts, type ExperimentCounts, type Exposure } from './experiment-counts.ts'
import { experimentVisitor } from './experiment-visitor.ts'

const today = utcDay(new Date())
const yesterday = dayBefore(today)
const SALTS = { [today]: '00112233445566778899aabbccddeeff', [yesterday]: 'ffeeddccbbaa99887766554433221100' }
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const HEADLINE = 'experiment-headline'
const BUTTON = 'experiment-button'

/** How the sign-up's request names its client, as the gateway (self-hosted) or PostgREST (hosted) passes it. */
const headersOf = (address: string, userAgent: string, hosted = false) =>
  JSON.stringify(
    hosted
      ? { 'cf-connecting-ip': address, 'x-forwarded-for': `${address}, 10.0.0.1`, 'user-agent': userAgent }
      : { 'x-forwarded-for': address, 'user-agent': userAgent },
  )

/** What the site server records of one page view of `address` with `userAgent` on `day`. */
function exposure(day: string, address: string, userAgent: string, experiment_id: string, arm: string): Exposure {
  const salt = SALTS[day] as string
  return { day, ...experimentVisitor(salt, clientAsTheDatabaseNamesIt(address), userAgent), experiment_id, arm }
}

describe.each(databaseKinds)('a sign-up’s experiment arms on $kind', ({ open }) => {
  let database: MigratedDatabase
  let counts: ExperimentCounts
  beforeAll(async () => {
    database = await open()
    counts = sqlExperimentCounts(database.db)
    for (const [day, salt] of Object.entries(SALTS))
      await database.db.query(`insert into analytics.salts (day, salt) values ($1, decode($2, 'hex'))`, [day, salt])
  }, 60_000)
  afterAll(() => database?.close())

  const query = async <T>(text: string, params: unknown[] = []) => (await database.db.query<T>(text, params)).rows

  /** A visitor's insert as the public role, with the request's headers; answers the arms stored on its row. */
  async function signUp(email: string, headers: string, sentArms?: string[]) {
    await database.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true), set_config('request.method', 'POST', true),
                set_config('request.path', '/waitlist', true), set_config('request.headers', $1, true)`,
        [headers],
      )
      await tx.query('insert into public.waitlist (email, role, experiment_arms) values ($1, $2, $3)', [
        email,
        'Lead',
        sentArms ?? null,
      ])
    })
    return (
      await query<{ arms: string[] | null }>('select experiment_arms as arms from public.waitlist where email = $1', [email])
    )[0]?.arms
  }

  const overBound = async (experiment: string) =>
    (
      await query<{ exposures: number; signups: number }>(
        'select coalesce(sum(exposures), 0)::int as exposures, coalesce(sum(signups), 0)::int as signups from experiments.over_bound where experiment_id = $1',
        [experiment],
      )
    )[0]

  it.each([
    ['an IPv4 address', '203.0.113.7'],
    ['an IPv6 address, counted per /64', '2001:db8:85a3:8d3:1319:8a2e:370:7348'],
    ['an IPv6 /64 of zeros', '2001:db8::1'],
    ['an IPv6 address in capitals', '2001:DB8:AB:CD:1:2:3:4'],
    ['an IPv4 address mapped into IPv6', '::ffff:198.51.100.20'],
  ])('names %s as the database does', async (_case, address) => {
    const named = await query<{ client: string }>('select guard.client_address($1::json) as client', [headersOf(address, CHROME)])
    expect(clientAsTheDatabaseNamesIt(address)).toBe(named[0]?.client)
  })

  it('finds the visitor its server hashed, for a long, a non-Latin and an empty User-Agent, from either gateway', async () => {
    const agents = [CHROME, `${CHROME} ${'x'.repeat(600)}`, 'Navegador/1.0 (São Paulo; 東京) 👩🏽‍💼'.repeat(30), '']
    for (const [n, agent] of agents.entries()) {
      const address = `198.51.100.${n + 1}`
      expect(await counts.countExposures([exposure(today, address, agent, HEADLINE, 'b')], [])).toEqual({
        counted: 1,
        over_bound: 0,
      })
      expect(await signUp(`ana-${n}@empresa.example`, headersOf(address, agent, n % 2 === 1))).toEqual([`${HEADLINE}:b`])
    }
  })

  it('keeps the first visitor of a client a day, and counts its other visitors over the bound', async () => {
    const first = exposure(today, '203.0.113.50', CHROME, HEADLINE, 'default')
    const others = Array.from({ length: 5 }, (_, n) => exposure(today, '203.0.113.50', `${CHROME} made-up/${n}`, HEADLINE, 'b'))
    expect(await counts.countExposures([first], [])).toEqual({ counted: 1, over_bound: 0 })
    // The same visitor again (another page) is nothing new; another visitor of that client, one over the bound each.
    expect(await counts.countExposures([first], [])).toEqual({ counted: 0, over_bound: 0 })
    for (const other of others) expect(await counts.countExposures([other], [])).toEqual({ counted: 0, over_bound: 1 })
    expect(await counts.countExposures([], [{ day: today, experiment_id: HEADLINE, exposures: 40 }])).toEqual({
      counted: 0,
      over_bound: 40,
    })
    const rows = await query<{ n: number }>(
      `select count(*)::int as n from experiments.exposures where experiment_id = $1 and client = decode($2, 'hex')`,
      [HEADLINE, first.client],
    )
    expect(rows[0]?.n).toBe(1)
    // A day whose salt is gone takes nothing.
    expect(await counts.countExposures([{ ...first, day: '2020-01-01' }], [])).toEqual({ counted: 0, over_bound: 0 })
  })

  it('ignores the arms a sign-up sends; counts one sign-up per exposed visitor-day, the rest over the bound', async () => {
    const address = '192.0.2.10'
    await counts.countExposures(
      [exposure(today, address, CHROME, HEADLINE, 'default'), exposure(today, address, CHROME, BUTTON, 'c')],
      [],
    )
    const before = { headline: await overBound(HEADLINE), button: await overBound(BUTTON) }
    // The arms the visitor was shown, whatever the request claims.
    expect(await signUp('first@empresa.example', headersOf(address, CHROME), [`${HEADLINE}:b`, `${BUTTON}:b`])).toEqual([
      `${BUTTON}:c`,
      `${HEADLINE}:default`,
    ])
    // Nine more forged sign-ups from the same visitor, and one from another browser of its client: none counts.
    for (let n = 0; n < 9; n++)
      expect(await signUp(`forged-${n}@example.com`, headersOf(address, CHROME), [`${HEADLINE}:b`])).toBeNull()
    expect(await signUp('other-browser@example.com', headersOf(address, 'curl/8.0'), [`${HEADLINE}:b`])).toBeNull()
    expect(await overBound(HEADLINE)).toEqual({
      exposures: before.headline?.exposures,
      signups: (before.headline?.signups ?? 0) + 10,
    })
    expect(await overBound(BUTTON)).toEqual({ exposures: before.button?.exposures, signups: (before.button?.signups ?? 0) + 10 })
  })

  it('takes yesterday’s exposure for a page opened before midnight, and none for a visitor never shown an experiment', async () => {
    await counts.countExposures([exposure(yesterday, '192.0.2.20', CHROME, HEADLINE, 'b')], [])
    expect(await signUp('late@empresa.example', headersOf('192.0.2.20', CHROME))).toEqual([`${HEADLINE}:b`])
    expect(await signUp('never-shown@empresa.example', headersOf('192.0.2.21', CHROME), [`${HEADLINE}:b`])).toBeNull()
    expect(await signUp('no-address@empresa.example', '{}', [`${HEADLINE}:b`])).toBeNull()
  })

  it('counts sign-ups and confirmations of the arms found, and nothing for arms claimed', async () => {
    const conversions = async () =>
      await query<{ arm: string; step: string; places: number }>(
        `select arm, step, sum(places)::int as places from experiments.conversions where experiment_id = $1 group by arm, step order by arm, step`,
        [HEADLINE],
      )
    const before = await conversions()
    await counts.countExposures([exposure(today, '192.0.2.30', CHROME, HEADLINE, 'default')], [])
    expect(await signUp('counted@empresa.example', headersOf('192.0.2.30', CHROME), [`${HEADLINE}:b`])).toEqual([
      `${HEADLINE}:default`,
    ])
    await database.db.query(`update public.waitlist set confirmed_at = now() where email = 'counted@empresa.example'`)
    const after = await conversions()
    const placesOf = (rows: typeof before, arm: string, step: string) =>
      rows.find((row) => row.arm === arm && row.step === step)?.places ?? 0
    expect(placesOf(after, 'default', 'signup') - placesOf(before, 'default', 'signup')).toBe(1)
    expect(placesOf(after, 'default', 'confirmation') - placesOf(before, 'default', 'confirmation')).toBe(1)
    expect(placesOf(after, 'b', 'signup')).toBe(placesOf(before, 'b', 'signup'))
  })
})
