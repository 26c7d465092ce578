// Copy experiments end to end, on both databases (docs/product.md §12): two experiments running in a
// seed of their own, 10,000 simulated visitors (distinct address and User-Agent pairs) assigned
// before render, bots, prefetches and Global Privacy Control left out, sign-ups and confirmations
// carrying their arms; every number the Launch tool's Experiments API shows equals what the test
// saw served and sent. Then the split over a day and the next, a forced 55/45 split against a 50/50
// plan, what time takes away, and who may call what.
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
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import type { ExperimentResult, FieldState } from './experiment-results.ts'
import { compareSequentially } from './sequential-test.ts'
import { sampleRatio } from './sample-ratio.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-experiments'
const ANON_KEY = 'local-anon-key'
const HOUR = 3_600_000
const VISITORS = 10_000
const HEADLINE = 'experiment-headline'
const TITLE = 'experiment-trial-title'

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

  async function overview() {
    const cookie = await launchCookie(server.url, EDITOR_TOKEN)
    const response = await fetch(`${server.url}/api/launch/experiments`, { headers: { cookie } })
    expect(response.status).toBe(200)
    return (await response.json()) as { experiments: ExperimentResult[]; fields: FieldState[] }
  }

  it(`assigns ${VISITORS.toLocaleString('en')} visitors before render, 50 ± 1.5 % to each arm of a 50/50 split, each page showing its arm`, async () => {
    for (let n = 0; n < VISITORS; n++) {
      const page = await visit(pairOf(n))
      if (!page.headlineArm || !page.titleArm) throw new Error(`visitor ${n} was not assigned: ${JSON.stringify(page)}`)
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
      const again = await visit(pairOf(n * 20))
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
      const tomorrow = await visit(pairOf(n))
      if (!tomorrow.headlineArm || !tomorrow.titleArm) throw new Error(`visitor ${n} was not assigned the next day`)
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

  it('counts the sign-ups and confirmations that carry an arm, once each, and none without', async () => {
    const { db, places } = server.backend
    const store = createWelcomeStore(db)
    const insert = (email: string, arms: string[] | undefined) =>
      server.app.inject({
        method: 'POST',
        url: '/rest/v1/waitlist',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.1' },
        // What the form's sign-up code sends from the page (signup-attribution.ts).
        payload: {
          email,
          role: 'Gestora',
          company_size: 'unknown',
          signup_locale: 'pt',
          ...(arms ? { experiment_arms: arms } : {}),
        },
      })
    // Visitors in B convert more: 60 of the first 600 visitors in B, 30 of the first 600 in the default.
    const people = [...served.entries()].filter(([, arms]) => arms.headline === 'b').slice(0, 60)
    people.push(...[...served.entries()].filter(([, arms]) => arms.headline === 'default').slice(0, 30))
    for (const [n, arms] of people) {
      const email = `pessoa-${n}@empresa.com.br`
      const response = await insert(email, [`${HEADLINE}:${arms.headline}`, `${TITLE}:${arms.title}`])
      expect(response.statusCode).toBe(201)
      truth[HEADLINE]![arms.headline]!.signups += 1
      truth[TITLE]![arms.title]!.signups += 1
      if (n % 3 === 0) {
        await store.record({ email, name: 'Ana', locale: 'pt' }, new Headers({ 'x-forwarded-for': '10.200.0.2' }))
        const id = (await db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])).rows[0]?.id ?? ''
        expect((await places.confirm(id)).state).toBe('confirmed')
        await places.confirm(id)
        truth[HEADLINE]![arms.headline]!.confirmations += 1
        truth[TITLE]![arms.title]!.confirmations += 1
      }
    }
    // A repeat sign-up stores nothing and counts nothing; a sign-up without arms counts for no experiment.
    expect((await insert(`pessoa-${people[0]?.[0]}@empresa.com.br`, [`${HEADLINE}:b`])).statusCode).toBe(201)
    expect((await insert('sem-experimento@empresa.com.br', undefined)).statusCode).toBe(201)
    // Arms out of bounds are refused as any column the public key may not fill so.
    expect((await insert('forjada@empresa.com.br', ['a:b', 'c:d', 'e:f', 'g:h', 'i:j'])).statusCode).toBe(400)
    expect((await insert('forjada@empresa.com.br', ["x:y'; drop table waitlist"])).statusCode).toBe(400)
  })

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
      const counts = truth[id]!
      expect(
        result.arms.map(({ id: arm, exposures, signups, confirmations }) => ({ arm, exposures, signups, confirmations })),
      ).toEqual(['default', 'b'].map((arm) => ({ arm, ...counts[arm] })))
      const [control, variant] = ['default', 'b'].map((arm) => ({
        exposures: counts[arm]!.exposures,
        conversions: counts[arm]!.signups,
      })) as [{ exposures: number; conversions: number }, { exposures: number; conversions: number }]
      const expected = compareSequentially(control, variant, { alpha: 0.05, plannedExposures: 10_000 })
      const shown = result.arms[1]?.comparison
      expect(shown?.difference).toBeCloseTo(expected.difference, 10)
      expect(shown?.interval?.[0]).toBeCloseTo(expected.interval?.[0] ?? NaN, 10)
      expect(shown?.pValue).toBeCloseTo(expected.pValue, 10)
      expect(result.arms[0]?.conversion).toBeCloseTo(control.conversions / control.exposures, 10)
      expect(result.sampleRatio.pValue).toBeCloseTo(
        sampleRatio(
          [control.exposures, variant.exposures],
          result.arms.map((arm) => arm.share),
        ).pValue,
        10,
      )
    }
    const headline = results.find((experiment) => experiment.id === HEADLINE)
    expect(headline?.sampleRatio.mismatch).toBe(false)
    expect(headline?.verdict).toEqual(
      headline?.arms[1]?.comparison?.significant ? { kind: 'winner', arm: 'b' } : { kind: 'no-difference-yet' },
    )
    console.log(
      `[results] ${HEADLINE}: ${headline?.arms.map((a) => `${a.id} ${a.signups}/${a.exposures}`).join(', ')}; difference ${headline?.arms[1]?.comparison?.difference.toFixed(4)}, interval ${headline?.arms[1]?.comparison?.interval?.map((x) => x.toFixed(4)).join('…')}, p ${headline?.arms[1]?.comparison?.pValue.toFixed(4)}, SRM p ${headline?.sampleRatio.pValue.toFixed(3)}; verdict ${headline?.verdict.kind}`,
    )
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
      `select public.experiments_count_exposures('[]')`,
      `select public.experiments_sweep(now(), 25)`,
      `select count(*) from experiments.exposures`,
      `select count(*) from experiments.conversions`,
    ]) {
      await expect(db.queryAsAnon(statement)).rejects.toThrow(/permission denied/)
    }
    const response = await fetch(`${server.url}/api/launch/experiments`)
    expect(response.status).toBe(401)
  })
})
