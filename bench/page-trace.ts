// `npm run bench:trace`: where the main thread's time goes while the page loads, task by task.
// Chromium loads `/` and `/en` of the built product as a phone (Lighthouse's mobile screen, CPU
// slowed down 4× through the DevTools protocol, as Lighthouse's simulation multiplies tasks), with
// a performance trace. For each path it prints every task of the main thread from the first paint
// to the idle content fetch (+ a quiet second) that took at least 20 ms as slowed down, split into
// script, style, layout, paint, HTML parsing, garbage collection and other; then the totals,
// the style sheet changes the page made (each insertion or removal invalidates style), and,
// with `--components`, how long each section's renders took from start to end in React's profiling build.
// A benchmark: it reports, it never fails. Traces land in bench/results/traces/ (git-ignored).
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type CDPSession, type Page } from 'playwright-core'
import { build as viteBuild } from 'vite'
import { startProductServer } from '../test/server/test-server.ts'
import { END_MARK, summariseTrace, type TraceEvent, type TraceSummary } from './trace-summary.ts'

const CPU_SLOWDOWN = 4
const PATHS = ['/', '/en'] as const
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
/** The flags bench/page.ts gives Lighthouse's Chromium (Playwright adds its own headless flag). */
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
/** Lighthouse's mobile preset: a Moto G Power's screen. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'rail',
  // JavaScript samples, for who-takes-what inside a task (DevTools opens the saved trace).
  'disabled-by-default-v8.cpu_profiler',
]

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const withComponents = process.argv.includes('--components')

/**
 * React's profiling build, unminified, writes each component's render into the trace
 * (console.timeStamp, "Components ⚛"): slower than the product, so only for who-takes-what.
 */
async function buildWithComponentTracks(outDir: string) {
  const configFile = join(repoRoot, 'web/vite.config.ts')
  const common = {
    configFile,
    logLevel: 'warn' as const,
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  }
  await viteBuild({ ...common, build: { outDir: join(outDir, 'client'), minify: false } })
  await viteBuild({ ...common, build: { outDir: join(outDir, 'server'), ssr: 'src/entry-server.tsx' } })
}

/**
 * Counts the page's style sheet changes: what styled-components does to the prerender's styles.
 * Wraps the calls it makes rather than observing mutations, which would add work to every parse.
 */
function countStyleChanges() {
  const counts = { insertRule: 0, deleteRule: 0, styleElementsAdded: 0, styleElementsRemoved: 0 }
  Object.defineProperty(window, '__styleChanges', { value: counts })
  const sheet = CSSStyleSheet.prototype
  const { insertRule, deleteRule } = sheet
  sheet.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    counts.insertRule++
    return insertRule.call(this, rule, index)
  }
  sheet.deleteRule = function (this: CSSStyleSheet, index: number) {
    counts.deleteRule++
    deleteRule.call(this, index)
  }
  const node = Node.prototype
  const { insertBefore, appendChild, removeChild } = node
  node.insertBefore = function <T extends Node>(this: Node, child: T, before: Node | null): T {
    if (child.nodeName === 'STYLE') counts.styleElementsAdded++
    return insertBefore.call(this, child, before) as T
  }
  node.appendChild = function <T extends Node>(this: Node, child: T): T {
    if (child.nodeName === 'STYLE') counts.styleElementsAdded++
    return appendChild.call(this, child) as T
  }
  node.removeChild = function <T extends Node>(this: Node, child: T): T {
    if (child.nodeName === 'STYLE') counts.styleElementsRemoved++
    return removeChild.call(this, child) as T
  }
}

/** React's profiling build times each component only where DevTools is present: a stand-in for its hook. */
function pretendReactDevTools() {
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      renderers: new Map(),
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    },
  })
}

async function readTrace(session: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) =>
    session.once('Tracing.tracingComplete', ({ stream }) => resolve(stream ?? '')),
  )
  await session.send('Tracing.end')
  const stream = await complete
  let text = ''
  for (;;) {
    const chunk = await session.send('IO.read', { handle: stream })
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data
    if (chunk.eof) break
  }
  await session.send('IO.close', { handle: stream })
  return (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents
}

/** Loads `url` under a trace; done once the page's idle content fetch has answered and a second has passed. */
async function traceLoad(page: Page, url: string): Promise<{ events: TraceEvent[]; styleChanges: unknown }> {
  const session = await page.context().newCDPSession(page)
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await session.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: TRACE_CATEGORIES } })
  const idleFetch = page.waitForResponse((response) => response.url().includes('/data/query/'), { timeout: 30_000 })
  await page.goto(url, { waitUntil: 'load' })
  await idleFetch
  // The fetch's answer is rendered in the tasks after it: a benchmark may wait on the clock.
  await page.waitForTimeout(1_000)
  // Straight through the protocol: Playwright's evaluate would first set up a script world of its own.
  await session.send('Runtime.evaluate', { expression: `performance.mark(${JSON.stringify(END_MARK)})` })
  const events = await readTrace(session)
  const styleChanges = await page.evaluate(() => (window as unknown as { __styleChanges: unknown }).__styleChanges)
  return { events, styleChanges }
}

const ms = (value: number) => `${Math.round(value)} ms`

function print(summary: TraceSummary, styleChanges: unknown) {
  console.log(
    `  first contentful paint at ${ms(summary.fcpMs)}; tasks of 20 ms or more after it (as slowed down, from navigation):`,
  )
  console.log('  | start | task | total | script | style | layout | paint | parse HTML | GC | other |')
  console.log('  |---|---|---|---|---|---|---|---|---|---|')
  for (const task of summary.tasks) {
    const t = task.byCategory
    console.log(
      `  | ${ms(task.startMs)} | ${task.label} | **${ms(task.durationMs)}** | ${ms(t.script)} | ${ms(t.style)} | ${ms(t.layout)} | ${ms(t.paint)} | ${ms(t.parseHtml)} | ${ms(t.gc)} | ${ms(t.other)} |`,
    )
  }
  const s = summary.totals
  console.log(
    `  after the first paint: longest task ${ms(summary.longestTaskMs)}, blocking time (tasks over 50 ms) ${ms(summary.blockingMs)}, ` +
      `${summary.longTaskCount} tasks over 50 ms; script ${ms(s.script)}, style ${ms(s.style)}, layout ${ms(s.layout)}, ` +
      `paint ${ms(s.paint)}, parse HTML ${ms(s.parseHtml)}, GC ${ms(s.gc)}, other ${ms(s.other)}`,
  )
  console.log(`  style sheet changes: ${JSON.stringify(styleChanges)}`)
  if (summary.components.length) {
    console.log(
      '  sections rendered (React profiling build, start to end of each render as slowed down, React yielding within; summed):',
    )
    console.log(`  ${summary.components.map(({ name, totalMs, count }) => `${name} ${ms(totalMs)} (${count}×)`).join(', ')}`)
  }
}

const started = new Date()
const resultsDir = join(repoRoot, 'bench/results/traces', started.toISOString().replace(/[:.]/g, '-'))
await mkdir(resultsDir, { recursive: true })
let buildDir = join(repoRoot, 'dist')
let tempBuild: string | undefined
if (withComponents) {
  // Inside the repository: the prerender bundle imports React from its node_modules.
  tempBuild = await mkdtemp(join(repoRoot, 'bench/results/trace-build-'))
  console.log('Building with React profiling, unminified…')
  await buildWithComponentTracks(tempBuild)
  buildDir = tempBuild
} else if (process.argv.includes('--no-build')) {
  console.log('Tracing the build in dist/ as it is')
} else {
  console.log('Building (npm run build)…')
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] })
}

const server = await startProductServer({}, buildDir)
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_ARGS })
console.log(
  `${cpus().length} CPUs, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}; CPU ${CPU_SLOWDOWN}× slower`,
)
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const path of PATHS) {
      const context = await browser.newContext(PHONE)
      await context.addInitScript(countStyleChanges)
      if (withComponents) await context.addInitScript(pretendReactDevTools)
      const page = await context.newPage()
      const { events, styleChanges } = await traceLoad(page, `${server.url}${path}`)
      await context.close()
      const name = `${path === '/' ? 'pt' : path.slice(1)}-${run}${withComponents ? '-components' : ''}`
      await writeFile(join(resultsDir, `${name}.json`), JSON.stringify({ traceEvents: events }))
      console.log(`\n${path} (run ${run}, trace ${join(resultsDir, `${name}.json`)})`)
      print(summariseTrace(events), styleChanges)
    }
  }
} finally {
  await browser.close()
  await server.close()
  if (tempBuild) await rm(tempBuild, { recursive: true, force: true })
}
