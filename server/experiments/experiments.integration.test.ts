// Copy experiments end to end, on both databases (docs/product.md §12): two experiments running in a
// seed of their own, 10,000 simulated visitors (distinct address and User-Agent pairs) assigned
// before render, bots, prefetches and Global Privacy Control left out, sign-ups and confirmations
// sent from the visitors' own browsers, which the database matches to the arms they were shown
// (whatever arms the request claims); every number the Launch tool's Experiments API shows equals
// what the test saw served and sent. Then issue 38's attack: 400 page views from one address under
// 200 made-up User-Agents and twenty forged sign-ups claiming an arm move no arm beyond one visitor
// and change no verdict, and the tool says what came over the bound. Then the split over a day and
// the next, a forced 55/45 split against a 50/50 plan, what time takes away, and who may call what.
// The day's salts are fixed before the first page, so every run draws the same arms.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { launchCookie } from '../../test/server/launch-session.ts'
import { seedExperiment } from '../../test/server/experiment-seed.ts'
import { findSection } from '../../test/web/content-fixtures.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import type { PageRenderer } from '../site/page-renderer.ts'
import { confirmPlace } from '../../test/server/confirm-place.ts'
import type { ExperimentResult, FieldState } from './experiment-results.ts'
import { compareSequentially } from './sequential-test.ts'
import { sampleRatio } from './sample-ratio.ts'
import { analyse } from './verdict.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-experiments'
const ANON_KEY = 'local-anon-key'
const HOUR = 3_600_000
const VISITORS = 10_000
const HEADLINE = 'experiment-headline'
const TITLE = 'experiment-trial-title'
/** The flood of issue 38: page views from one address, each under one of this many made-up User-Agents. */
const FLOOD_VIEWS = 400
const FLOOD_AGENTS = 200

/** The seed with two running experiments: the hero headline split 50/50, the free-trial heading 55/45. */
async function seedWithExperiments(dir: string, titleSplit: [number, number] = [55, 45]) {
  const file = join(dir, 'data.ndjson')
  const common = { plannedExposures: 10_000 }
  await seedExperiment(file, {
    ...common,
    id: HEADLINE,
    title: 'Shorter headline',
    section: 'hero',
    field: 'headline',
    variant: { pt: 'Avaliações justas', en: 'Fair reviews' },
    startedAt: '2026-11-01T00:00:00Z',
  })
  await seedExperiment(file, {
    ...common,
    id: TITLE,
    title: 'Urgent heading',
    section: 'freeTrial',
    field: 'title',
    variant: { pt: 'Teste já', en: 'Try it now' },
    split: titleSplit,
    startedAt: '2026-11-02T00:00:00Z',
  })
}

/** A page that says what it was rendered with: the arms in its config, and the headline. */
const echoingRenderer: PageRenderer = {
  render: ({ config, content }) => ({
    status: 200,
    html: JSON.stringify({ arms: config.variants ?? null, headline: findSection(content, 'hero')?.headline?.en ?? null }),
    sources: { script: [], style: [] },
  }),
}

interface Pair {
  address: string
  userAgent: string
}
const pairOf = (n: number): Pair => ({
  address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${n}.0 Safari/537.36`,
})

describe.each(databaseVariants)('copy experiments on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let seedDir: string
  let now = new Date()
  const today = utcDay(new Date())
  /** The arms each visitor was served today, as the page showed them. */
  const served = new Map<number, { headline: string; title: string; text: string }>()
  /** The ground truth of the counts, per experiment and arm. */
  const truth: Record<string, Record<string, { exposures: number; signups: number; confirmations: number }>> = {
    [HEADLINE]: { default: { exposures: 0, signups: 0, confirmations: 0 }, b: { exposures: 0, signups: 0, confirmations: 0 } },
    [TITLE]: { default: { exposures: 0, signups: 0, confirmations: 0 }, b: { exposures: 0, signups: 0, confirmations: 0 } },
  }

  beforeAll(async () => {
    seedDir = await mkdtemp(join(tmpdir(), 'pulso-experiments-seed-'))
    await cp(join(import.meta.dirname, '../../studio/seed'), seedDir, { recursive: true })
    await seedWithExperiments(seedDir)
    const throwaway = await database()
    dropDatabase = throwaway.drop
    server = await startTestServer(
      {
        TRUST_PROXY: 'true',
        SEED_DIR: seedDir,
        SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-experiments',
        SIGNUP_LIMIT: '100000/1m',
        WELCOME_LIMIT_PER_CLIENT: '100000/1m',
        ...throwaway.env,
      },
      { listen: true, clock: () => now, renderer: echoingRenderer },
    )
    // Salts of its own for today and tomorrow, before the first page: every run draws the same arms.
    for (const [day, salt] of [
      [today, '0123456789abcdef0123456789abcdef'],
      [utcDay(new Date(Date.now() + 24 * HOUR)), 'fedcba9876543210fedcba9876543210'],
    ])
      await server.backend.db.query(`insert into analytics.salts (day, salt) values ($1, decode($2, 'hex'))`, [day, salt])
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
    await rm(seedDir, { recursive: true, force: true })
  })

  const experiments = () => {
    if (!server.experiments) throw new Error('this server assigns visitors to experiments')
    return server.experiments
  }

  async function visit(pair: Pair, headers: Record<string, string> = {}, path = '/') {
    const response = await server.app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'text/html', 'x-forwarded-for': pair.address, 'user-agent': pair.userAgent, ...headers },
    })
    expect(response.statusCode).toBe(200)
    const page = JSON.parse(response.body) as { arms: string[] | null; headline: string }
    const armIn = (experiment: string) => page.arms?.find((arm) => arm.startsWith(`${experiment}:`))?.split(':')[1]
    return { arms: page.arms, headline: page.headline, headlineArm: armIn(HEADLINE), titleArm: armIn(TITLE) }
  }

  /**
   * A counted visitor's page, asked for again while it comes without arms: a page whose assignment
   * waited longer than 250 ms for the database (a busy machine) shows the defaults and counts nothing,
   * so only the page that was assigned is what the counts must show.
   */
  async function assignedVisit(pair: Pair) {
    for (let tries = 1; ; tries++) {
      const page = await visit(pair)
      if (page.headlineArm && page.titleArm) return { ...page, headlineArm: page.headlineArm, titleArm: page.titleArm }
      if (tries === 20) throw new Error(`${pair.address} was never assigned: ${JSON.stringify(page)}`)
    }
  }

  async function overview() {
    const cookie = await launchCookie(server.url, EDITOR_TOKEN)
    const response = await fetch(`${server.url}/api/launch/experiments`, { headers: { cookie } })
    expect(response.status).toBe(200)
    return (await response.json()) as { experiments: ExperimentResult[]; fields: FieldState[] }
  }

  it(`assigns ${VISITORS.toLocaleString('en')} visitors before render, 50 ± 1.5 % to each arm of a 50/50 split, each page showing its arm`, async () => {
    for (let n = 0; n < VISITORS; n++) {
      const page = await assignedVisit(pairOf(n))
      expect(page.headline).toBe(page.headlineArm === 'b' ? 'Fair reviews' : 'Performance reviews built on real work, not memory')
      served.set(n, { headline: page.headlineArm, title: page.titleArm, text: page.headline })
      ;(truth[HEADLINE] as Record<string, { exposures: number }>)[page.headlineArm]!.exposures += 1
      ;(truth[TITLE] as Record<string, { exposures: number }>)[page.titleArm]!.exposures += 1
      if (n % 1000 === 999) await experiments().flush()
    }
    await experiments().flush()
    const inB = truth[HEADLINE]!.b!.exposures / VISITORS
    console.log(
      `[split] ${VISITORS} visitors, 50/50 plan: ${truth[HEADLINE]!.default!.exposures} default / ${truth[HEADLINE]!.b!.exposures} B (${(inB * 100).toFixed(2)} % B); 55/45 plan: ${truth[TITLE]!.default!.exposures} / ${truth[TITLE]!.b!.exposures}`,
    )
    expect(Math.abs(inB - 0.5)).toBeLessThanOrEqual(0.015)
    expect(Math.abs(truth[TITLE]!.default!.exposures / VISITORS - 0.55)).toBeLessThanOrEqual(0.015)
  }, 300_000)

  it('shows the same visitor the same arm all day, and draws afresh the next day', async () => {
    for (let n = 0; n < 500; n++) {
      const again = await assignedVisit(pairOf(n * 20))
      expect({ headline: again.headlineArm, title: again.titleArm }).toEqual({
        headline: served.get(n * 20)?.headline,
        title: served.get(n * 20)?.title,
      })
    }
    now = new Date(Date.now() + 24 * HOUR)
    let same = 0
    let inB = 0
    const sample = 2000
    for (let n = 0; n < sample; n++) {
      const tomorrow = await assignedVisit(pairOf(n))
      if (tomorrow.headlineArm === served.get(n)?.headline) same += 1
      if (tomorrow.headlineArm === 'b') inB += 1
      // Another visitor-day: another exposure.
      truth[HEADLINE]![tomorrow.headlineArm]!.exposures += 1
      truth[TITLE]![tomorrow.titleArm]!.exposures += 1
    }
    await experiments().flush()
    console.log(
      `[next day] ${sample} returning visitors: ${same} kept their arm (${((same / sample) * 100).toFixed(1)} %), ${inB} in B`,
    )
    // A fresh, independent draw: about half keep their arm, by chance; a carried-over one would keep all.
    expect(same / sample).toBeGreaterThan(0.45)
    expect(same / sample).toBeLessThan(0.55)
    now = new Date()
  }, 120_000)

  it('neither assigns nor counts bots, prefetches, Global Privacy Control or the Studio: they see the defaults', async () => {
    const stranger = pairOf(VISITORS + 1)
    const leftOut: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'sec-purpose': 'prefetch' },
      { 'sec-gpc': '1' },
      { 'sec-fetch-dest': 'iframe' },
    ]
    for (const headers of leftOut) {
      const page = await visit(stranger, headers)
      expect(page).toMatchObject({ arms: null, headline: 'Performance reviews built on real work, not memory' })
    }
    await experiments().flush()
    const { rows } = await server.backend.db.query<{ n: number }>(
      `select count(*)::int as n from experiments.exposures where day = $1`,
      [today],
    )
    expect(rows[0]?.n).toBe(2 * VISITORS)
  })

  /** The form's insert from `pair`'s browser, saying it was shown `arms` (what older pages send; ignored). */
  const insert = (pair: Pair, email: string, arms?: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/rest/v1/waitlist',
      headers: {
        apikey: ANON_KEY,
        'content-type': 'application/json',
        'x-forwarded-for': pair.address,
        'user-agent': pair.userAgent,
      },
      payload: {
        email,
        role: 'Gestora',
        company_size: 'unknown',
        signup_locale: 'pt',
        ...(arms ? { experiment_arms: arms } : {}),
      },
    })

  /** The place's double opt-in, as its welcome's link does it; a second click changes nothing. */
  async function confirm(email: string) {
    expect(await confirmPlace(server.backend, email)).toBe('confirmed')
    expect(await confirmPlace(server.backend, email)).toBe('confirmed')
  }

  it('counts each visitor’s sign-up for the arms it was shown, whatever the request says, and its confirmation once', async () => {
    // Visitors in B convert more: 60 of the first 600 visitors in B, 30 of the first 600 in the default.
    const people = [...served.entries()].filter(([, arms]) => arms.headline === 'b').slice(0, 60)
    people.push(...[...served.entries()].filter(([, arms]) => arms.headline === 'default').slice(0, 30))
    for (const [n, arms] of people) {
      const email = `pessoa-${n}@empresa.com.br`
      // Every third request claims the other arm, as a forged or stale page would: it counts for the arm shown.
      const claimed = n % 3 === 1 ? [`${HEADLINE}:${arms.headline === 'b' ? 'default' : 'b'}`] : undefined
      expect((await insert(pairOf(n), email, claimed)).statusCode).toBe(201)
      truth[HEADLINE]![arms.headline]!.signups += 1
      truth[TITLE]![arms.title]!.signups += 1
      if (n % 3 === 0) {
        await confirm(email)
        truth[HEADLINE]![arms.headline]!.confirmations += 1
        truth[TITLE]![arms.title]!.confirmations += 1
      }
    }
    // A repeat sign-up stores nothing and counts nothing; a sign-up from a browser never shown the
    // experiments counts for none, whatever it claims; claims out of every bound are ignored, not refused.
    const [first] = people[0] ?? []
    expect((await insert(pairOf(first ?? 0), `pessoa-${first}@empresa.com.br`, [`${HEADLINE}:b`])).statusCode).toBe(201)
    const stranger: Pair = { address: '10.200.0.1', userAgent: pairOf(0).userAgent }
    expect((await insert(stranger, 'sem-experimento@empresa.com.br')).statusCode).toBe(201)
    expect((await insert(stranger, 'forjada@empresa.com.br', [`${HEADLINE}:b`, `${TITLE}:b`])).statusCode).toBe(201)
    expect((await insert(stranger, 'forjada-2@empresa.com.br', ['a:b', 'c:d', 'e:f', 'g:h', 'i:j'])).statusCode).toBe(201)
    expect((await insert(stranger, 'forjada-3@empresa.com.br', ["x:y'; drop table waitlist"])).statusCode).toBe(201)
    const { rows } = await server.backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.waitlist where (email like 'forjada%' or email like 'sem-%') and experiment_arms is null`,
    )
    expect(rows[0]?.n).toBe(4)
    // Only a value no array can hold is still refused, as any column the public key fills so.
    expect((await insert(stranger, 'forjada-4@empresa.com.br', 'b')).statusCode).toBe(400)
  })

  /** Every number the tool shows of `result` is what the test counted (`counts`) and the statistics of those counts. */
  function expectShownAsCounted(
    result: ExperimentResult,
    counts: (typeof truth)[string],
    overBound: { exposures: number; signups: number },
  ) {
    expect(
      result.arms.map(({ id: arm, exposures, signups, confirmations }) => ({ arm, exposures, signups, confirmations })),
    ).toEqual(['default', 'b'].map((arm) => ({ arm, ...counts[arm] })))
    expect(result.overBound).toEqual(overBound)
    // The verdict reads confirmed sign-ups: the double opt-in.
    const [control, variant] = ['default', 'b'].map((arm) => ({
      exposures: counts[arm]!.exposures,
      conversions: counts[arm]!.confirmations,
    })) as [{ exposures: number; conversions: number }, { exposures: number; conversions: number }]
    const expected = compareSequentially(control, variant, { alpha: 0.05, plannedExposures: 10_000 })
    const shown = result.arms[1]?.comparison
    expect(shown?.difference).toBeCloseTo(expected.difference, 10)
    expect(shown?.interval?.[0]).toBeCloseTo(expected.interval?.[0] ?? NaN, 10)
    expect(shown?.interval?.[1]).toBeCloseTo(expected.interval?.[1] ?? NaN, 10)
    expect(shown?.pValue).toBeCloseTo(expected.pValue, 10)
    expect(shown?.significant).toBe(expected.interval !== null && expected.pValue < 0.05)
    expect(result.arms[0]?.conversion).toBeCloseTo(control.conversions / control.exposures, 10)
    expect(result.arms[1]?.conversion).toBeCloseTo(variant.conversions / variant.exposures, 10)
    const ratio = sampleRatio(
      [control.exposures, variant.exposures],
      result.arms.map((arm) => arm.share),
    )
    expect(result.sampleRatio.chiSquare).toBeCloseTo(ratio.chiSquare, 10)
    expect(result.sampleRatio.pValue).toBeCloseTo(ratio.pValue, 10)
    expect(result.sampleRatio.mismatch).toBe(ratio.mismatch)
    expect(result.verdict).toEqual(
      ratio.mismatch
        ? { kind: 'mismatch' }
        : shown?.significant && (shown.difference ?? 0) > 0
          ? { kind: 'winner', arm: 'b' }
          : shown?.significant
            ? { kind: 'default-wins' }
            : { kind: 'no-difference-yet' },
    )
  }

  const describeResult = (result: ExperimentResult | undefined) =>
    `${result?.arms.map((a) => `${a.id} ${a.confirmations} confirmed (${a.signups} signed up) of ${a.exposures}`).join(', ')}; difference ${result?.arms[1]?.comparison?.difference.toFixed(4)}, p ${result?.arms[1]?.comparison?.pValue.toFixed(4)}, SRM p ${result?.sampleRatio.pValue.toFixed(3)}; over the bound ${result?.overBound.exposures} views, ${result?.overBound.signups} sign-ups; verdict ${JSON.stringify(result?.verdict)}`

  it('shows exactly the counts it served, with the statistics of those counts, in the Launch tool’s API', async () => {
    const { experiments: results, fields } = await overview()
    expect(fields.filter((field) => field.experimentId).map((f) => [f.document, f.path, f.experimentId])).toEqual([
      [HOME_PAGE_ID, 'sections[_key=="hero"].headline', HEADLINE],
      [HOME_PAGE_ID, 'sections[_key=="freeTrial"].title', TITLE],
    ])
    for (const id of [HEADLINE, TITLE]) {
      const result = results.find((experiment) => experiment.id === id)
      if (!result) throw new Error(`${id} is not shown`)
      expect(result.served).toBe(true)
      // The split shown is the one planned, and each comparison is held to the whole of α (one variant).
      expect(result.arms.map((arm) => arm.share)).toEqual(id === HEADLINE ? [50, 50] : [55, 45])
      expect(result.alpha).toBe(0.05)
      expectShownAsCounted(result, truth[id]!, { exposures: 0, signups: 0 })
    }
    console.log(`[results] ${HEADLINE}: ${describeResult(results.find((experiment) => experiment.id === HEADLINE))}`)
  })

  it('lets one address with 200 made-up browsers and twenty forged sign-ups move no arm beyond one visitor, nor any verdict', async () => {
    const before = (await overview()).experiments
    const flood = (n: number): Pair => ({
      address: '10.66.6.6',
      userAgent: `${pairOf(VISITORS + 100 + (n % FLOOD_AGENTS)).userAgent}`,
    })
    let first: { headline: string; title: string } | undefined
    /** Per experiment and arm, how many of the made-up browsers were shown it. */
    const browsersShown: Record<string, Record<string, number>> = { [HEADLINE]: {}, [TITLE]: {} }
    for (let n = 0; n < FLOOD_VIEWS; n++) {
      const page = await assignedVisit(flood(n))
      first ??= { headline: page.headlineArm, title: page.titleArm }
      if (n < FLOOD_AGENTS)
        for (const [id, arm] of [
          [HEADLINE, page.headlineArm],
          [TITLE, page.titleArm],
        ] as const)
          browsersShown[id]![arm] = (browsersShown[id]![arm] ?? 0) + 1
    }
    await experiments().flush()
    // Ten sign-ups from the flood's first browser, ten from others of its made-up ones, each claiming
    // variant B of both experiments (as issue 38 sent them), and every one confirmed as a real inbox would.
    for (let n = 0; n < 20; n++) {
      const email = `fake-${n}@example.com`
      expect((await insert(flood(n < 10 ? 0 : n), email, [`${HEADLINE}:b`, `${TITLE}:b`])).statusCode).toBe(201)
      await confirm(email)
    }
    // The flood is one visitor, of the arms its first browser was shown; so is the one sign-up of it that counts.
    if (!first) throw new Error('the flood was shown nothing')
    for (const [id, arm] of [
      [HEADLINE, first.headline],
      [TITLE, first.title],
    ] as const) {
      truth[id]![arm]!.exposures += 1
      truth[id]![arm]!.signups += 1
      truth[id]![arm]!.confirmations += 1
    }
    const after = (await overview()).experiments
    for (const id of [HEADLINE, TITLE]) {
      const [was, is] = [before, after].map((results) => results.find((experiment) => experiment.id === id))
      if (!was || !is) throw new Error(`${id} is not shown`)
      // Every page view but the first is over the bound (119 more browsers, then 280 past the counted
      // 120 a minute), and every sign-up but the first.
      expectShownAsCounted(is, truth[id]!, { exposures: FLOOD_VIEWS - 1, signups: 19 })
      for (const [i, arm] of is.arms.entries()) {
        const old = was.arms[i]!
        expect(arm.exposures - old.exposures).toBeLessThanOrEqual(1)
        expect(arm.signups - old.signups).toBeLessThanOrEqual(1)
        expect(arm.confirmations - old.confirmations).toBeLessThanOrEqual(1)
      }
      expect(is.verdict).toEqual(was.verdict)
      expect(is.sampleRatio.mismatch).toBe(was.sampleRatio.mismatch)
      console.log(`[attack] ${id}: before ${describeResult(was)}\n[attack] ${id}: after  ${describeResult(is)}`)
    }
    // Counted as before issue 38 (each made-up browser a visitor, each claimed arm a conversion, the
    // verdict on sign-ups), the same requests would have made the headline's B the winner.
    const headline = before.find((experiment) => experiment.id === HEADLINE)
    const asBefore = analyse(
      (headline?.arms ?? []).map((arm) => ({
        id: arm.id,
        exposures: arm.exposures + (browsersShown[HEADLINE]![arm.id] ?? 0),
        conversions: arm.signups + (arm.id === 'b' ? 20 : 0),
        plannedShare: arm.share,
      })),
      headline?.plannedExposures ?? 0,
    )
    expect(asBefore.verdict).toEqual({ kind: 'winner', arm: 'b' })
  })

  it('flags a 55/45 split against a 50/50 plan, and gives no verdict then', async () => {
    await seedWithExperiments(seedDir, [50, 50])
    const title = (await overview()).experiments.find((experiment) => experiment.id === TITLE)
    console.log(
      `[sample ratio] ${title?.arms.map((a) => a.exposures).join(' / ')} against 50/50: chi-square ${title?.sampleRatio.chiSquare.toFixed(1)}, p ${title?.sampleRatio.pValue.toExponential(2)}`,
    )
    expect(title?.sampleRatio.mismatch).toBe(true)
    expect(title?.verdict).toEqual({ kind: 'mismatch' })
  })

  it('stores no address or User-Agent, forgets the visitor hashes once their salt is gone, and keeps the numbers', async () => {
    const { db } = server.backend
    const before = await overview()
    const { rows } = await db.query<{ row: string }>(
      `select t::text as row from experiments.exposures t union all select t::text from experiments.conversions t`,
    )
    const stored = rows.map((r) => r.row).join('\n')
    for (const n of [0, 1, 777, 9999]) {
      expect(stored).not.toContain(pairOf(n).address)
      expect(stored).not.toContain(pairOf(n).userAgent)
    }
    // Past the day after tomorrow: the salts of today and tomorrow (the next-day visits) are gone.
    now = new Date(Date.now() + 73 * HOUR)
    await experiments().sweep()
    const left = await db.query<{ n: number }>(`select count(*)::int as n from experiments.exposures where day <= $1`, [
      utcDay(new Date(Date.now() + 24 * HOUR)),
    ])
    expect(left.rows[0]?.n).toBe(0)
    expect(await overview()).toEqual(before)
    now = new Date()
  })

  it('lets no role but the owner and the secret key’s run the experiments’ functions or read their tables', async () => {
    const { db } = server.backend
    for (const statement of [
      `select public.experiments_results('["x"]')`,
      `select public.experiments_count_exposures('[]', '[]')`,
      `select public.experiments_sweep(now(), 25)`,
      `select count(*) from experiments.exposures`,
      `select count(*) from experiments.conversions`,
      `select count(*) from experiments.over_bound`,
    ]) {
      await expect(db.queryAsAnon(statement)).rejects.toThrow(/permission denied/)
    }
    const response = await fetch(`${server.url}/api/launch/experiments`)
    expect(response.status).toBe(401)
  })
})
