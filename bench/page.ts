// `npm run bench:page`: Lighthouse on the built product, alternated in the same run with a
// hand-written static page of the same content (bench/reference), mobile and desktop, `/` and
// `/en`; prints the medians and the product's LCP as a multiple of the static page's. A benchmark:
// it reports, it never fails on a timing. The JSON reports land in bench/results/ (git-ignored).
import { execFileSync, spawn } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startProductServer } from '../test/server/test-server.ts'
import { startReferenceServer } from './reference-server.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PATHS = ['/', '/en'] as const
const FORM_FACTORS = ['mobile', 'desktop'] as const
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run'
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const lighthouseCli = join(repoRoot, 'node_modules/lighthouse/cli/index.js')

type FormFactor = (typeof FORM_FACTORS)[number]
type Page = 'product' | 'reference'

/** What the table shows of one Lighthouse report. */
interface Measure {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Bytes as sent (compressed, headers included): Lighthouse never interacts, so all of it precedes a first interaction. */
  jsBytes: number
  totalBytes: number
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', { score: number | null }>
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

function measure(report: LighthouseReport): Measure {
  const score = (id: keyof LighthouseReport['categories']) => Math.round((report.categories[id].score ?? 0) * 100)
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  const requests = report.audits['network-requests']?.details?.items ?? []
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    totalBytes: value('total-byte-weight'),
  }
}

async function lighthouse(url: string, formFactor: FormFactor, outputPath: string): Promise<Measure> {
  const args = [
    lighthouseCli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS}`,
    // Mobile is Lighthouse's default (a mid-range phone on slow 4G, simulated).
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ]
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`Lighthouse exited with ${code} for ${url}`)
  return measure(JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseReport)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function medians(runs: Measure[]): Measure {
  const of = (key: keyof Measure) => median(runs.map((run) => run[key]))
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    jsBytes: of('jsBytes'),
    totalBytes: of('totalBytes'),
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

function row(label: string, m: Measure, lcpRatio: string) {
  return `| ${label} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${seconds(m.fcpMs)} | ${seconds(m.lcpMs)} | ${lcpRatio} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${kib(m.jsBytes)} | ${kib(m.totalBytes)} |`
}

/** The mobile targets of the page (README, Benchmarks): shown beside the table, never a failure. */
function missedTargets(product: Measure, reference: Measure): string[] {
  const checks: [boolean, string][] = [
    [product.performance >= 98, `performance ${product.performance} < 98`],
    [product.accessibility === 100, `accessibility ${product.accessibility} < 100`],
    [product.bestPractices === 100, `best practices ${product.bestPractices} < 100`],
    [product.seo === 100, `SEO ${product.seo} < 100`],
    [product.lcpMs <= 1.4 * reference.lcpMs, `LCP ${(product.lcpMs / reference.lcpMs).toFixed(2)}× the static page's > 1.4×`],
    [product.tbtMs <= 100, `TBT ${Math.round(product.tbtMs)} ms > 100 ms`],
    [product.cls <= 0.01, `CLS ${product.cls.toFixed(3)} > 0.01`],
    [product.jsBytes <= 90 * 1024, `JS ${kib(product.jsBytes)} > 90 KiB`],
  ]
  return checks.filter(([met]) => !met).map(([, message]) => message)
}

const started = new Date()
const resultsDir = join(repoRoot, 'bench/results/lighthouse', started.toISOString().replace(/[:.]/g, '-'))
await mkdir(resultsDir, { recursive: true })
console.log(`Building (npm run build)…`)
execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] })

const product = await startProductServer()
const reference = await startReferenceServer(join(repoRoot, 'bench/reference'))
const origins: Record<Page, string> = { product: product.url, reference: reference.origin }
console.log(`${cpus().length} CPUs, load average ${load()} (1, 5, 15 min) at the start; ${RUNS} runs of each page`)

const results = new Map<string, Measure[]>()
try {
  for (const formFactor of FORM_FACTORS) {
    for (const path of PATHS) {
      for (let run = 1; run <= RUNS; run++) {
        // Alternate which page goes first, so drift in the machine's load falls on both alike.
        const order: Page[] = run % 2 ? ['product', 'reference'] : ['reference', 'product']
        for (const page of order) {
          const name = `${formFactor}-${page}-${path === '/' ? 'pt' : path.slice(1)}-${run}`
          const result = await lighthouse(`${origins[page]}${path}`, formFactor, join(resultsDir, `${name}.json`))
          const key = `${formFactor} ${path} ${page}`
          results.set(key, [...(results.get(key) ?? []), result])
          console.log(
            `  ${name.padEnd(26)} perf ${result.performance}, LCP ${seconds(result.lcpMs)}, TBT ${Math.round(result.tbtMs)} ms, JS ${kib(result.jsBytes)}`,
          )
        }
      }
    }
  }
} finally {
  await product.close()
  await reference.stop()
}

console.log(`\nLighthouse ${RUNS}-run medians (load average ${load()} at the end; reports in ${resultsDir})\n`)
console.log('| page | perf | a11y | best pr. | SEO | FCP | LCP | LCP ÷ static | TBT | CLS | JS | total |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
const missed: string[] = []
for (const formFactor of FORM_FACTORS) {
  for (const path of PATHS) {
    const ours = medians(results.get(`${formFactor} ${path} product`) ?? [])
    const theirs = medians(results.get(`${formFactor} ${path} reference`) ?? [])
    console.log(row(`${formFactor} \`${path}\``, ours, `${(ours.lcpMs / theirs.lcpMs).toFixed(2)}×`))
    console.log(row(`${formFactor} \`${path}\` static`, theirs, '1.00×'))
    if (formFactor === 'mobile') missed.push(...missedTargets(ours, theirs).map((message) => `mobile ${path}: ${message}`))
  }
}
console.log(missed.length ? `\nMobile targets missed:\n  ${missed.join('\n  ')}` : '\nEvery mobile target met.')
