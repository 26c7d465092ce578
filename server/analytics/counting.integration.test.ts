// The counting end to end, on both databases (docs/product.md §8): 1,000 page requests from 300
// (address, User-Agent) pairs over two days, the form's challenges, then 40 sign-ups, their welcomes,
// 20 confirmations and 5 removals; every number of the report equals the ground truth worked out in
// test/ground-truth/synthetic-traffic.ts. Then what must never be stored, what time takes away, and a flood.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { sqlAnalyticsApi, type ReportFilters } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import { dayBefore, utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import {
  expectedReport,
  expectedVisits,
  syntheticTraffic,
  type Day,
  type ExpectedStep,
  type ExpectedVisit,
  type Pair,
  type PageRequest,
} from '../../test/ground-truth/synthetic-traffic.ts'

const ANON_KEY = 'local-anon-key'
const HOUR = 3_600_000

/** The report's breakdowns in a fixed order: the database sorts names by its own collation. */
function comparable(report: unknown) {
  const { by_source, by_campaign, by_page, ...rest } = report as {
    by_source: { source: string }[]
    by_campaign: { campaign: string }[]
    by_page: { page: string }[]
  }
  return {
    ...rest,
    by_source: [...by_source].sort((a, b) => a.source.localeCompare(b.source)),
    by_campaign: [...by_campaign].sort((a, b) => a.campaign.localeCompare(b.campaign)),
    by_page: [...by_page].sort((a, b) => a.page.localeCompare(b.page)),
  }
}

describe.each(databaseVariants)('counting on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let now = new Date()
  const today = utcDay(new Date())
  const yesterday = dayBefore(today)
  const dayOf = (day: Day) => (day === 'today' ? today : yesterday)
  const { pairs, requests } = syntheticTraffic()
  const visits = expectedVisits(requests, dayOf)
  const steps: ExpectedStep[] = []
  let reportBefore: unknown

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    server = await startTestServer(
      {
        // One machine stands for 300 browsers: each request's client is its X-Forwarded-For.
        TRUST_PROXY: 'true',
        SIGNUP_LIMIT: '100000/1m',
        WELCOME_LIMIT_PER_CLIENT: '100000/1m',
        ...throwaway.env,
      },
      { listen: false, clock: () => now },
    )
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
  })

  const api = () => sqlAnalyticsApi(server.backend.db)
  const counter = () => {
    if (!server.analytics) throw new Error('this server counts in its own database')
    return server.analytics
  }

  const sendPage = (request: PageRequest) =>
    server.app.inject({
      method: request.method,
      url: `${request.path}${request.arrival.query}`,
      headers: {
        accept: 'text/html',
        'x-forwarded-for': request.pair.address,
        'user-agent': request.pair.userAgent,
        ...(request.arrival.referrer ? { referer: request.arrival.referrer } : {}),
        ...(request.pair.gpc ? { 'sec-gpc': '1' } : {}),
        ...(request.prefetch ? { 'sec-purpose': 'prefetch' } : {}),
      },
    })

  /** The challenge the form fetches when the visitor starts typing. */
  const startForm = (pair: Pick<Pair, 'address' | 'userAgent' | 'gpc'>) =>
    server.app.inject({
      method: 'GET',
      url: '/functions/v1/send-welcome-email',
      headers: {
        apikey: ANON_KEY,
        'x-forwarded-for': pair.address,
        'user-agent': pair.userAgent,
        ...(pair.gpc ? { 'sec-gpc': '1' } : {}),
      },
    })

  const visitOf = (pair: number, day: string) => visits.get(`${day} ${pair}`)

  it('counts yesterday’s and today’s page views, then the form starts, as the ground truth says', async () => {
    now = new Date(`${yesterday}T12:00:00Z`)
    for (const request of requests.filter((r) => r.day === 'yesterday')) await sendPage(request)
    await counter().flush()
    now = new Date()
    for (const request of requests.filter((r) => r.day === 'today')) await sendPage(request)

    // Every third of today's visitors starts the form (some twice), every tenth of yesterday's
    // comes back after midnight to do it; a GPC browser, a bot and a stranger fetch challenges too.
    const todays = [...visits.values()].filter((v) => v.day === today && v.pair % 3 === 0)
    const yesterdays = [...visits.values()].filter((v) => v.day === yesterday && v.pair < 100 && v.pair % 10 === 0)
    for (const visit of [...todays, ...yesterdays]) {
      const pair = pairs[visit.pair] as Pair
      expect((await startForm(pair)).statusCode).toBe(200)
      if (visit.pair % 2 === 0) await startForm(pair)
      visit.formStarted = true
    }
    const gpc = pairs.find((p) => p.gpc && p.days.includes('today')) as Pair
    const bot = pairs.find((p) => p.device === 'bot' && p.days.includes('today')) as Pair
    for (const pair of [
      gpc,
      bot,
      { address: '10.99.9.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0', gpc: false },
    ]) {
      await startForm(pair)
    }
    await counter().flush()
    expect(counter().stats()).toMatchObject({ dropped: 0, overLimit: 0 })

    const report = await api().report(yesterday, today, {})
    expect(comparable(report)).toEqual(expectedReport([...visits.values()], [], yesterday, today))
    // The mix holds what the ground truth is about.
    const counted = [...visits.values()]
    expect(new Set(counted.map((v) => v.device))).toEqual(new Set(['phone', 'tablet', 'desktop']))
    expect(new Set(counted.map((v) => v.language))).toEqual(new Set(['pt', 'en']))
    expect(counted.reduce((sum, v) => sum + v.page_views, 0)).toBeLessThan(requests.length)
  })

  it('counts the same visitor on two days as two visitors', async () => {
    const both = pairs.filter((p) => visitOf(p.n, yesterday) && visitOf(p.n, today))
    expect(both.length).toBeGreaterThan(10)
    const distinctPairs = new Set([...visits.values()].map((v) => v.pair)).size
    const report = (await api().report(yesterday, today, {})) as { totals: { visitors: number } }
    expect(report.totals.visitors).toBe(visits.size)
    expect(report.totals.visitors).toBe(distinctPairs + both.length)
  })

  it('counts 40 sign-ups by their source, 30 welcomes, 20 confirmations and 5 removals, and no more', async () => {
    const visitors = [...visits.values()].filter((v) => v.day === today).slice(0, 38)
    const people = [
      ...visitors.map((visit, i) => ({ email: `pessoa-${i}@empresa.com.br`, visit: visit as ExpectedVisit | undefined })),
      { email: 'sem-origem-1@empresa.com.br', visit: undefined },
      { email: 'sem-origem-2@empresa.com.br', visit: undefined },
    ]
    const stepOf = (step: ExpectedStep['step'], visit: ExpectedVisit | undefined): ExpectedStep => ({
      day: today,
      step,
      language: visit?.language ?? null,
      device: visit?.device ?? null,
      dims: visit?.dims ?? {},
    })
    const insert = (email: string, visit: ExpectedVisit | undefined) =>
      server.app.inject({
        method: 'POST',
        url: '/rest/v1/waitlist',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': `10.50.0.${people.length}` },
        // What the form's sign-up code sends from the visitor's page (signup-attribution.ts).
        payload: {
          email,
          role: 'Gestora de Pessoas',
          company_size: 'unknown',
          ...(visit ? { ...visit.dims, signup_locale: visit.language, signup_device: visit.device } : {}),
        },
      })
    for (const { email, visit } of people) {
      expect((await insert(email, visit)).statusCode).toBe(201)
      steps.push(stepOf('signup', visit))
    }
    // A repeat sign-up stores nothing and counts nothing.
    expect((await insert(people[0]?.email ?? '', people[0]?.visit)).statusCode).toBe(201)

    const { db, places } = server.backend
    const store = createWelcomeStore(db)
    const idOf = async (email: string) =>
      (await db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])).rows[0]?.id ?? ''
    for (const { email, visit } of people.slice(0, 30)) {
      const recorded = await store.record(
        { email, name: 'Ana', locale: visit?.language ?? 'pt' },
        new Headers({ 'x-forwarded-for': '10.50.1.1' }),
      )
      expect(recorded.outcome).toBe('recorded')
      steps.push(stepOf('welcome', visit))
    }
    for (const { email, visit } of people.slice(0, 20)) {
      expect((await places.confirm(await idOf(email))).state).toBe('confirmed')
      steps.push(stepOf('confirmation', visit))
    }
    // Confirming again changes nothing.
    await places.confirm(await idOf(people[0]?.email ?? ''))
    for (const { email, visit } of [...people.slice(17, 20), ...people.slice(25, 27)]) {
      expect(await places.remove(await idOf(email))).toBe(true)
      steps.push(stepOf('removal', visit))
    }
    // A place that signed up 40 days ago, never confirmed, deleted after the retention period: not a
    // removal, and its sign-up stays counted on its own day, outside this report's two.
    expect((await insert('expira@empresa.com.br', undefined)).statusCode).toBe(201)
    await db.query(`update public.waitlist set created_at = now() - interval '40 days' where email = 'expira@empresa.com.br'`)
    expect(await places.deleteUnconfirmed(30)).toBe(1)
    const fortyDaysAgo = new Date(Date.parse(today) - 40 * 86_400_000).toISOString().slice(0, 10)
    const thatDay = (await api().report(fortyDaysAgo, fortyDaysAgo, {})) as { totals: Record<string, number> }
    expect(thatDay.totals).toMatchObject({ signups: 1, removals: 0 })

    expect(steps.filter((s) => s.step === 'signup')).toHaveLength(40)
    expect(steps.filter((s) => s.step === 'welcome')).toHaveLength(30)
    expect(steps.filter((s) => s.step === 'confirmation')).toHaveLength(20)
    expect(steps.filter((s) => s.step === 'removal')).toHaveLength(5)
    reportBefore = await api().report(yesterday, today, {})
    const expected = expectedReport([...visits.values()], steps, yesterday, today)
    expect(comparable(reportBefore)).toEqual(expected)
    // The ground truth, for the record (the closing notes quote it).
    const { totals, funnel } = expected as { totals: Record<string, number>; funnel: { step: string; count: number }[] }
    console.log(
      `[ground truth] two days: ${Object.entries(totals)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}; funnel ${funnel.map(({ step, count }) => `${step} ${count}`).join(' → ')}`,
    )
  })

  it.each<[string, ReportFilters]>([
    ['language', { language: 'en' }],
    ['source from a campaign', { source: 'newsletter' }],
    ['source from a referring site', { source: 'google.com' }],
    ['direct visits', { source: '(direct)' }],
    ['campaign', { campaign: 'launch' }],
    ['no campaign', { campaign: '(none)' }],
    ['device', { device: 'phone' }],
    ['entry page (sign-up steps carry none)', { entry_page: '/en' }],
    ['language and device together', { language: 'pt', device: 'desktop' }],
  ])('answers exactly under a filter: %s', async (_name, filters) => {
    const report = await api().report(yesterday, today, filters)
    expect(comparable(report)).toEqual(expectedReport([...visits.values()], steps, yesterday, today, filters))
  })

  it('compares with the period of equal length before, and refuses unknown filters and ranges', async () => {
    const report = (await api().report(today, today, {})) as { previous: { totals: { visitors: number } } }
    expect(report.previous.totals.visitors).toBe([...visits.values()].filter((v) => v.day === yesterday).length)
    await expect(api().report(today, today, { country: 'BR' } as ReportFilters)).rejects.toThrow(/Unknown filter/)
    await expect(api().report(today, yesterday, {})).rejects.toThrow(/1 to 800 days/)
  })

  it('stores no client address and no User-Agent, in any table', async () => {
    const { db } = server.backend
    const { rows: tables } = await db.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['analytics.visits', 'analytics.salts', 'public.waitlist']))
    const text = (
      await Promise.all(
        tables.map(async ({ name }) =>
          (await db.query<{ row: string }>(`select t::text as row from ${name} t`)).rows.map((r) => r.row),
        ),
      )
    )
      .flat()
      .join('\n')
    expect(text).toContain('newsletter')
    for (const pair of pairs) {
      expect(text).not.toContain(pair.address)
      expect(text).not.toContain(pair.userAgent)
    }
  })

  it('keeps no role but the owner and the secret key’s from the counting functions and tables', async () => {
    const { db } = server.backend
    for (const statement of [
      `select public.analytics_report(current_date, current_date, '{}')`,
      `select public.analytics_count_visits('[]')`,
      `select public.analytics_salts(now(), '00112233445566778899aabbccddeeff')`,
      `select public.analytics_sweep(now(), 25)`,
      `select count(*) from analytics.visits`,
      `select count(*) from analytics.signup_steps`,
      `select analytics.report(current_date, current_date, '{}')`,
    ]) {
      await expect(db.queryAsAnon(statement)).rejects.toThrow(/permission denied/)
      await expect(
        db.transaction(async (tx) => {
          await tx.exec('set local role authenticated')
          return tx.query(statement)
        }),
      ).rejects.toThrow(/permission denied/)
    }
    const asSecretKey = await db.transaction(async (tx) => {
      await tx.exec('set local role service_role')
      return tx.query<{ report: unknown }>(`select public.analytics_report($1, $2, '{}') as report`, [yesterday, today])
    })
    expect(comparable(asSecretKey.rows[0]?.report)).toEqual(comparable(reportBefore))
  })

  it('forgets the days’ salts and visitor hashes 49 hours on, and keeps their numbers', async () => {
    const { db } = server.backend
    const count = async (table: string) =>
      Number(
        (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where day in ($1, $2)`, [yesterday, today]))
          .rows[0]?.n,
      )
    expect(await count('analytics.salts')).toBe(2)
    expect(await count('analytics.visits')).toBe(visits.size)

    now = new Date(Date.now() + 49 * HOUR)
    const outcome = await counter().sweep()
    expect(outcome).toMatchObject({ salts_deleted: 2, visits_rolled_up: visits.size })
    expect(await count('analytics.salts')).toBe(0)
    expect(await count('analytics.visits')).toBe(0)
    expect(await api().report(yesterday, today, {})).toEqual(reportBefore)
  })

  it('counts a flood from one address as one visitor, no more views than its limit, and never holds more than it', async () => {
    now = new Date(Date.now() + 96 * HOUR)
    const floodDay = utcDay(now)
    const before = counter().stats().overLimit
    const flood = { address: '10.66.6.6', userAgent: pairs[1]?.userAgent ?? '' }
    for (let n = 0; n < 2000; n++) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/?utm_campaign=flood-${n}`,
        headers: { accept: 'text/html', 'x-forwarded-for': flood.address, 'user-agent': flood.userAgent },
      })
      expect(response.statusCode).toBe(200)
    }
    await counter().flush()
    const report = (await api().report(floodDay, floodDay, {})) as { totals: { visitors: number; page_views: number } }
    expect(report.totals).toMatchObject({ visitors: 1, page_views: 120 })
    expect((await api().report(floodDay, floodDay, { campaign: 'flood-0' })) as unknown).toMatchObject({
      totals: { visitors: 1 },
    })
    expect(counter().stats().overLimit - before).toBe(1880)
  })
})
