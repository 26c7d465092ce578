// The page's main-thread tasks in a Chromium performance trace, each split by kind of work the way
// DevTools' summary splits it; used by bench/page-trace.ts.

export interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown>; frame?: string }
}

const KINDS = ['script', 'style', 'layout', 'paint', 'parseHtml', 'gc', 'other'] as const
type Kind = (typeof KINDS)[number]
type ByKind = Record<Kind, number>

export interface TaskSummary {
  /** From navigation start, in ms. */
  startMs: number
  durationMs: number
  /** What started it: the script evaluated, the callback run, or the browser's own step. */
  label: string
  byCategory: ByKind
}

export interface TraceSummary {
  fcpMs: number
  /** Tasks of at least `minTaskMs` that end after the first contentful paint and before the end mark. */
  tasks: TaskSummary[]
  longestTaskMs: number
  /** Total blocking time as Lighthouse counts it: what each task after the first paint takes over 50 ms. */
  blockingMs: number
  longTaskCount: number
  /** Every task after the first paint, whatever its length. */
  totals: ByKind
  /** React's profiling build only: each section's renders (Components track), start to end, summed. */
  components: { name: string; totalMs: number; count: number }[]
}

const kindOf: Record<string, Kind> = {
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  'v8.produceModuleCache': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireIdleCallback: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'V8.Execute': 'script',
  'v8.run': 'script',
  'v8.callFunction': 'script',
  CompileScript: 'script',
  CompileCode: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  ComputeIntersections: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
  ParseHTML: 'parseHtml',
  MinorGC: 'gc',
  MajorGC: 'gc',
}

const kindFor = (name: string, parent: Kind): Kind =>
  kindOf[name] ?? (/^(V8\.GC|BlinkGC|CppGC|V8\.Minor|V8\.Major)/.test(name) ? 'gc' : parent)

const fileName = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url) : '')

/** A readable name for the event that starts a task, or undefined for a wrapper to look through. */
function labelOf(event: TraceEvent): string | undefined {
  const data = event.args?.data ?? {}
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compileModule':
      return `evaluate ${fileName(data.url ?? data.fileName) || 'inline script'}`
    case 'v8.evaluateModule':
      return 'evaluate module'
    case 'FunctionCall':
      return `call ${String(data.functionName || '(anonymous)')} (${fileName(data.url) || '?'})`
    case 'EventDispatch':
      return `event ${String(data.type)}`
    case 'TimerFire':
    case 'FireIdleCallback':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'ParseHTML':
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'PrePaint':
    case 'MajorGC':
    case 'MinorGC':
      return event.name
    default:
      return undefined
  }
}

interface Node {
  event: TraceEvent
  end: number
  children: Node[]
}

/** Complete events of one thread as a tree (B/E pairs joined), in time order. */
function buildTree(events: TraceEvent[]): Node[] {
  const complete: { event: TraceEvent; end: number }[] = []
  const open: TraceEvent[] = []
  for (const event of events) {
    if (event.ph === 'X') complete.push({ event, end: event.ts + (event.dur ?? 0) })
    else if (event.ph === 'B') open.push(event)
    else if (event.ph === 'E') {
      const begin = open.pop()
      if (begin) complete.push({ event: begin, end: event.ts })
    }
  }
  complete.sort((a, b) => a.event.ts - b.event.ts || b.end - a.end)
  const roots: Node[] = []
  const stack: Node[] = []
  for (const { event, end } of complete) {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop()
    const parent = stack.at(-1)
    // Nested events may end a microsecond after their parent in the trace's rounding.
    const node: Node = { event, end: parent ? Math.min(end, parent.end) : end, children: [] }
    if (parent) parent.children.push(node)
    else roots.push(node)
    stack.push(node)
  }
  return roots
}

function addSelfTimes(node: Node, kind: Kind, into: ByKind) {
  const childTime = node.children.reduce((sum, child) => sum + (child.end - child.event.ts), 0)
  into[kind] += Math.max(0, node.end - node.event.ts - childTime)
  for (const child of node.children) addSelfTimes(child, kindFor(child.event.name, kind), into)
}

function firstLabel(node: Node): string | undefined {
  for (const child of node.children) {
    const label = labelOf(child.event) ?? firstLabel(child)
    if (label) return label
  }
  return undefined
}

const isTask = (event: TraceEvent) =>
  (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && (event.ph === 'X' || event.ph === 'B')
const emptyKinds = (): ByKind => ({ script: 0, style: 0, layout: 0, paint: 0, parseHtml: 0, gc: 0, other: 0 })

/** The user timing mark the tracer sets when it has seen enough: its own work after it is left out. */
export const END_MARK = 'bench:trace-end'

/** The tasks of the page's main thread after its first contentful paint. `minTaskMs` bounds the list, not the totals. */
export function summariseTrace(events: TraceEvent[], minTaskMs = 20): TraceSummary {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint')
  if (!fcp) throw new Error('the trace has no first contentful paint')
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && event.pid === fcp.pid && event.ts <= fcp.ts)
    .filter((event) => String(event.args?.data?.documentLoaderURL ?? '').startsWith('http'))
    .at(-1)
  if (!navigation) throw new Error('the trace has no navigation start for the painted page')
  const fromNavigation = (ts: number) => (ts - navigation.ts) / 1000
  const thread = events.filter((event) => event.pid === fcp.pid && event.tid === fcp.tid)
  const end = thread.find((event) => event.name === END_MARK)?.ts ?? Infinity
  const tasks = buildTree(thread.filter((event) => event.ph !== 'I' && event.ph !== 'R')).filter((node) => isTask(node.event))

  const totals = emptyKinds()
  const listed: TaskSummary[] = []
  let longest = 0
  let blocking = 0
  let longCount = 0
  for (const task of tasks) {
    if (task.end <= fcp.ts || task.event.ts >= end || task.end > end) continue
    const byCategory = emptyKinds()
    addSelfTimes(task, 'other', byCategory)
    for (const kind of KINDS) totals[kind] += byCategory[kind] / 1000
    const durationMs = (task.end - task.event.ts) / 1000
    longest = Math.max(longest, durationMs)
    if (durationMs > 50) {
      blocking += durationMs - 50
      longCount++
    }
    if (durationMs < minTaskMs) continue
    for (const kind of KINDS) byCategory[kind] /= 1000
    listed.push({ startMs: fromNavigation(task.event.ts), durationMs, label: firstLabel(task) ?? 'browser', byCategory })
  }

  return {
    fcpMs: fromNavigation(fcp.ts),
    tasks: listed,
    longestTaskMs: longest,
    blockingMs: blocking,
    longTaskCount: longCount,
    totals,
    components: componentRenders(thread),
  }
}

/** The page's sections as React names them (memo wrappers and the header's inner component included). */
const SECTION_COMPONENTS = new Set([
  'HeaderContent',
  'Hero',
  'Workflow',
  'UseCases',
  'Results',
  'Features',
  'Platform',
  'Testimonials',
  'CallToAction',
  'FreeTrial',
  'Footer',
])

function componentRenders(thread: TraceEvent[]): TraceSummary['components'] {
  const sums = new Map<string, { totalMs: number; count: number }>()
  for (const event of thread) {
    const data = event.args?.data
    if (event.name !== 'TimeStamp' || !data || data.track !== 'Components ⚛') continue
    const name = String(data.message ?? data.name ?? '')
    if (!SECTION_COMPONENTS.has(name)) continue
    const start = Number(data.start)
    const end = Number(data.end)
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue
    const sum = sums.get(name) ?? { totalMs: 0, count: 0 }
    // On the trace's clock, in microseconds.
    sum.totalMs += (end - start) / 1000
    sum.count++
    sums.set(name, sum)
  }
  return [...sums].map(([name, sum]) => ({ name, ...sum }))
}
