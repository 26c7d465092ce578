// The report's two paths for the sign-up steps (migration 20261205120000, decision 0081): the places'
// rows for the days not rolled up, the daily rollup for the closed days the sweep has counted. Both
// give the same report, on both databases, before and after places go; and the visits' live counts
// are what their visitor rows say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

describe.each(databaseKinds)('the report’s sign-up steps rolled up by day, on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  }, 60_000)
  afterAll(() => database?.close())

  const report = async (filters: Record<string, string> = {}) =>
    (
      await database.db.query<{ report: unknown }>(`select analytics.report(current_date - 9, current_date, $1) as report`, [
        JSON.stringify(filters),
      ])
    ).rows[0]?.report
  const rolledDays = async () =>
    (
      await database.db.query<{ day: string }>(
        `select to_char(day, 'YYYY-MM-DD') as day from analytics.rolled_step_days order by day`,
      )
    ).rows.map((row) => row.day)
  const daysAgo = async (days: number) =>
    (await database.db.query<{ day: string }>(`select to_char(current_date - $1::int, 'YYYY-MM-DD') as day`, [days])).rows[0]!.day

  it('answers the same from the rows and from the rollup, under every filter, places gone or not', async () => {
    const { db } = database
    // Thirty places over the last twelve days in four attributions (a day of them outside the
    // report's twenty), two thirds welcomed, half confirmed the next day, written as of those days.
    await db.query(`
      insert into public.waitlist (email, role, created_at, confirmed_at, signup_locale, signup_device, utm_source, utm_campaign, referrer_host)
      select 'pessoa-' || n || '@empresa.com.br', 'Gestora',
             now() - make_interval(days => n % 12),
             case when n % 2 = 0 then now() - make_interval(days => greatest(n % 12 - 1, 0)) end,
             case when n % 4 = 3 then null else (array['pt', 'en'])[1 + n % 2] end,
             case when n % 4 = 3 then null else (array['phone', 'desktop'])[1 + n % 3 % 2] end,
             case when n % 4 = 1 then 'newsletter' end, case when n % 4 = 1 then 'lancamento' end,
             case when n % 4 = 2 then 'www.google.com' end
      from generate_series(1, 30) as n`)
    await db.query(`
      insert into public.welcome_emails (waitlist_id, email, name, locale, created_at)
      select id, email, 'Ana', 'pt', created_at from public.waitlist where (substring(email from '[0-9]+'))::int % 3 <> 0`)
    const filters: Record<string, string>[] = [
      {},
      { source: 'newsletter' },
      { source: 'google.com' },
      { campaign: '(none)' },
      { language: 'en' },
      { device: 'phone' },
    ]
    const fromRows = await Promise.all(filters.map((filter) => report(filter)))
    // The report's ten days are 0 to 9 days ago.
    const places = Array.from({ length: 30 }, (_, i) => i + 1)
    const inRange = (daysAgo: number) => daysAgo <= 9
    expect(fromRows[0]).toMatchObject({
      totals: {
        signups: places.filter((n) => inRange(n % 12)).length,
        welcomes: places.filter((n) => n % 3 !== 0 && inRange(n % 12)).length,
        confirmations: places.filter((n) => n % 2 === 0 && inRange(Math.max((n % 12) - 1, 0))).length,
        removals: 0,
      },
    })

    // The sweep rolls up the closed days that had a step; today stays read from the rows.
    const { rows } = await db.query<{ outcome: { step_days_rolled_up: number } }>(
      `select public.analytics_sweep(now(), 25) as outcome`,
    )
    const rolled = await rolledDays()
    expect(rolled).not.toContain(await daysAgo(0))
    expect(rolled).toContain(await daysAgo(11))
    expect(rows[0]?.outcome.step_days_rolled_up).toBe(rolled.length)
    expect(await Promise.all(filters.map((filter) => report(filter)))).toEqual(fromRows)
    // A second sweep counts nothing twice.
    await db.query(`select public.analytics_sweep(now(), 25)`)
    expect(await Promise.all(filters.map((filter) => report(filter)))).toEqual(fromRows)

    // Two places go, one of them older than the rollup: their steps stay counted on their days,
    // and their removals today.
    for (const n of [4, 11])
      await db.query(`select guard.remove_place(id) from public.waitlist where email = $1`, [`pessoa-${n}@empresa.com.br`])
    const afterRemovals = (await report()) as { totals: Record<string, number> }
    expect(afterRemovals.totals).toEqual({ ...(fromRows[0] as { totals: Record<string, number> }).totals, removals: 2 })
    await db.query(`select public.analytics_sweep(now(), 25)`)
    expect(await report()).toEqual(afterRemovals)
  })

  it('keeps the live counts of visits equal to what the visitor rows say', async () => {
    const { db } = database
    const today = await daysAgo(0)
    await db.query(`select public.analytics_salts(now(), '00112233445566778899aabbccddeeff')`)
    const visit = (visitor: string, page_views: number, entry_page = '/') => ({
      day: today,
      visitor,
      page_views,
      language: 'pt',
      entry_page,
      referrer_host: null,
      utm_source: visitor.endsWith('1') ? 'newsletter' : null,
      utm_medium: null,
      utm_campaign: null,
      ref: null,
      device: 'phone',
    })
    const hex = (n: number) => n.toString(16).padStart(32, '0')
    await db.query(`select public.analytics_count_visits($1)`, [JSON.stringify([1, 2, 3].map((n) => visit(hex(n), 1)))])
    // Visitor 1 again, from another page: its first page's dimensions keep it.
    await db.query(`select public.analytics_count_visits($1)`, [JSON.stringify([visit(hex(1), 2, '/en'), visit(hex(4), 1)])])
    await db.query(`select public.analytics_count_form_starts($1)`, [
      JSON.stringify([
        { day: today, visitor: hex(1), previous_visitor: null, form_starts: 1 },
        { day: today, visitor: hex(1), previous_visitor: null, form_starts: 1 },
        { day: today, visitor: hex(3), previous_visitor: null, form_starts: 2 },
      ]),
    ])
    const counts = `select day, language, entry_page, referrer_host, utm_source, device, %s from %s group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`
    const { rows: live } = await db.query(
      counts
        .replace(
          '%s',
          'sum(visitors)::int as visitors, sum(page_views)::int as page_views, sum(form_starters)::int as form_starters',
        )
        .replace('%s', 'analytics.live_visits'),
    )
    const { rows: raw } = await db.query(
      counts
        .replace(
          '%s',
          'count(*)::int as visitors, sum(page_views)::int as page_views, (count(*) filter (where form_starts > 0))::int as form_starters',
        )
        .replace('%s', 'analytics.visits'),
    )
    expect(live).toEqual(raw)
    expect(raw).toHaveLength(2)
    expect(live.reduce((sum, row) => sum + (row as { form_starters: number }).form_starters, 0)).toBe(2)
  })
})
