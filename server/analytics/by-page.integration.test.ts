// "By page", the ground truth, on both databases (docs/decisions/0078-counted-per-page.md): seven
// visitors on three pages — the home page (/ and /en), a campaign page at /rh and /en/for-hr-leaders,
// and a page at /parceiros — and a page that is none of them; their form starts, each asked from its
// page as the form asks its challenge, and their sign-ups, each sent with its page as the form sends
// it. Every number of the Launch API's "By page" and of its page filter is stated outright below, then
// again after the sweep has rolled the days up.
import { cp, mkdtemp, rm, appendFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignPage, hrLeadersPage } from '../../test/content/campaign-page.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { launchCookie } from '../../test/server/launch-session.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'

const ANON_KEY = 'local-anon-key'
const EDITOR_TOKEN = 'a-local-editor-token-for-the-by-page-ground-truth'
const HOUR = 3_600_000
const seedDir = new URL('../../studio/seed', import.meta.url).pathname

/** A visitor: their address and browser, what they open, the pages they start the form on, and where they sign up. */
interface Visitor {
  n: number
  paths: string[]
  starts?: string[]
  signup?: { page: string; locale: 'pt' | 'en'; confirmed?: boolean }
}

const visitors: Visitor[] = [
  { n: 1, paths: ['/', '/', '/rh'], starts: ['hrLeaders'], signup: { page: 'hrLeaders', locale: 'pt' } },
  {
    n: 2,
    paths: ['/en/for-hr-leaders', '/en/for-hr-leaders', '/en/for-hr-leaders'],
    starts: ['hrLeaders', 'hrLeaders'],
    signup: { page: 'hrLeaders', locale: 'en', confirmed: true },
  },
  // One page in its two languages: one visitor of it.
  { n: 3, paths: ['/rh', '/en/for-hr-leaders'] },
  { n: 4, paths: ['/'], starts: ['homePage'], signup: { page: 'homePage', locale: 'pt' } },
  // A start named for a page the visitor was not counted on counts on the visit alone.
  { n: 5, paths: ['/en'], starts: ['hrLeaders'] },
  { n: 6, paths: ['/parceiros', '/parceiros'], starts: ['partners'] },
  // The privacy page is no page document: a visit, in no page's row.
  { n: 7, paths: ['/privacidade'] },
]

const userAgent = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${n}.0 Safari/537.36`
const headersOf = (n: number) => ({ 'x-forwarded-for': `10.39.0.${n}`, 'user-agent': userAgent(n) })

/** What "By page" must say, worked out by hand from the visitors above. */
const expectedByPage = [
  {
    page: 'homePage',
    paths: { pt: '/', en: '/en' },
    // Visitors 1 (twice), 4 and 5.
    visitors: 3,
    page_views: 4,
    form_starts: 1,
    signups: 1,
    confirmations: 0,
    conversion: 0.3333,
  },
  {
    page: 'hrLeaders',
    title: { pt: 'Pulso para líderes de RH', en: 'Pulso for HR leaders' },
    paths: { pt: '/rh', en: '/en/for-hr-leaders' },
    // Visitors 1 (once), 2 (three times) and 3 (once in each language).
    visitors: 3,
    page_views: 6,
    form_starts: 2,
    signups: 2,
    confirmations: 1,
    conversion: 0.6667,
  },
  {
    page: 'partners',
    title: { pt: 'Parceiros', en: 'Partners' },
    paths: { pt: '/parceiros' },
    visitors: 1,
    page_views: 2,
    form_starts: 1,
    signups: 0,
    confirmations: 0,
    conversion: 0,
  },
]

interface ByPageRow {
  page: string
  title: Record<string, string>
  paths: Record<string, string>
}
interface Report {
  totals: Record<string, number>
  by_page: ByPageRow[]
}

describe.each(databaseVariants)('the report by page on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let contentDir: string
  let cookie: string
  let now = new Date()
  const today = utcDay(new Date())

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    // The seed with the two pages added, as publishing them in the Studio would.
    contentDir = await mkdtemp(join(tmpdir(), 'pulso-by-page-'))
    await cp(seedDir, contentDir, { recursive: true })
    const pages = [hrLeadersPage(), campaignPage('partners', { pt: 'Parceiros', en: 'Partners' }, { pt: 'parceiros' })]
    await appendFile(join(contentDir, 'data.ndjson'), pages.map((page) => `${JSON.stringify(page)}\n`).join(''))
    server = await startTestServer(
      {
        // One machine stands for seven browsers: each request's client is its X-Forwarded-For.
        TRUST_PROXY: 'true',
        SEED_DIR: contentDir,
        SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-the-by-page-ground-truth',
        ...throwaway.env,
      },
      { clock: () => now },
    )
    cookie = await launchCookie(server.url, EDITOR_TOKEN, { headers: { 'x-forwarded-for': '10.39.9.9' } })
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
    if (contentDir) await rm(contentDir, { recursive: true, force: true })
  })

  const counter = () => {
    if (!server.analytics) throw new Error('this server counts in its own database')
    return server.analytics
  }

  /** The report as the Launch tool asks for it. */
  async function report(filters: Record<string, string> = {}): Promise<Report> {
    const query = new URLSearchParams({ from: today, to: today, ...filters })
    const response = await fetch(`${server.url}/api/launch/report?${query}`, {
      headers: { cookie, 'x-forwarded-for': '10.39.9.9' },
    })
    expect(response.status).toBe(200)
    return (await response.json()) as Report
  }

  const byPageSorted = (rows: ByPageRow[]) => [...rows].sort((a, b) => a.page.localeCompare(b.page))

  it('counts each page’s visitors, views, form starts, sign-ups and confirmations exactly, named by its title and addresses', async () => {
    for (const visitor of visitors) {
      for (const path of visitor.paths) {
        const page = await server.app.inject({
          method: 'GET',
          url: path,
          headers: { accept: 'text/html', ...headersOf(visitor.n) },
        })
        expect(page.statusCode, path).toBe(200)
      }
    }
    // The form's challenge, asked from its page (proof-of-work.ts) when the visitor starts typing.
    for (const visitor of visitors) {
      for (const page of visitor.starts ?? []) {
        const challenge = await server.app.inject({
          method: 'GET',
          url: `/functions/v1/send-welcome-email?page=${page}`,
          headers: { apikey: ANON_KEY, ...headersOf(visitor.n) },
        })
        expect(challenge.statusCode).toBe(200)
      }
    }
    await counter().flush()
    // The sign-ups, with the attribution the form sends (signup-attribution.ts); one from an older
    // page that says no page counts in the totals and on no page.
    const signups = [
      ...visitors.flatMap(({ n, signup }) => (signup ? [{ n, ...signup }] : [])),
      { n: 8, page: undefined, locale: 'pt' as const, confirmed: false },
    ]
    for (const { n, page, locale } of signups) {
      const inserted = await server.app.inject({
        method: 'POST',
        url: '/rest/v1/waitlist',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', ...headersOf(n) },
        payload: {
          email: `pessoa-${n}@empresa.com.br`,
          role: 'Gestora de Pessoas',
          company_size: 'unknown',
          signup_locale: locale,
          signup_device: 'desktop',
          ...(page ? { signup_page: page } : {}),
        },
      })
      expect(inserted.statusCode).toBe(201)
    }
    const { db, places } = server.backend
    for (const { n } of signups.filter((signup) => signup.confirmed)) {
      const { rows } = await db.query<{ id: string }>('select id from public.waitlist where email = $1', [
        `pessoa-${n}@empresa.com.br`,
      ])
      expect((await places.confirm(rows[0]?.id ?? '')).state).toBe('confirmed')
    }

    const answer = await report()
    expect(answer.totals).toMatchObject({ visitors: 7, page_views: 13, form_starts: 5, signups: 4, confirmations: 1 })
    const home = answer.by_page.find((row) => row.page === 'homePage')
    expect(home?.title['pt']).toMatch(/^Pulso \| /)
    expect(byPageSorted(answer.by_page)).toEqual(
      expectedByPage.map((row) => expect.objectContaining({ ...row, ...(row.title ? {} : { title: home?.title }) })),
    )
    // Exactly these fields, nothing about anyone.
    expect(Object.keys(answer.by_page[0] ?? {}).sort()).toEqual(
      ['confirmations', 'conversion', 'form_starts', 'page', 'page_views', 'paths', 'signups', 'title', 'visitors'].sort(),
    )
  })

  it('answers one page’s numbers under its filter, and only that page by page', async () => {
    const answer = await report({ page: 'hrLeaders' })
    expect(answer.totals).toMatchObject({ visitors: 3, page_views: 6, form_starts: 2, signups: 2, confirmations: 1 })
    expect(answer.by_page).toEqual([expect.objectContaining(expectedByPage[1])])
    const english = await report({ page: 'hrLeaders', language: 'en' })
    // Visitor 2 came in English; visitor 3's visit is in the language of its first page (/rh).
    expect(english.totals).toMatchObject({ visitors: 1, page_views: 3, form_starts: 1, signups: 1 })
  })

  it('keeps every page’s numbers once the sweep has rolled the day up', async () => {
    const before = await report()
    now = new Date(Date.now() + 49 * HOUR)
    const outcome = await counter().sweep()
    expect(outcome).toMatchObject({ visits_rolled_up: 7 })
    const after = await report()
    expect(byPageSorted(after.by_page)).toEqual(byPageSorted(before.by_page))
    expect(after.totals).toEqual(before.totals)
    expect(await report({ page: 'partners' })).toMatchObject({ totals: { visitors: 1, page_views: 2, form_starts: 1 } })
  })
})
