/**
 * Copy experiments on the server (docs/product.md §12, docs/decisions/0046-copy-experiments.md,
 * 0064-experiment-visitors-per-client.md): before a landing page is rendered, the visitor-day is
 * assigned an arm of every running experiment from its daily hash (experiment-visitor.ts); the page
 * is rendered (and kept) with those arms; once sent, each arm is an exposure, one visitor per client
 * a day. A request that is not counted (a bot, a prefetch, Global Privacy Control, the Studio:
 * view-rules.ts) is not assigned and sees the defaults. Without counting (hosted Supabase without the
 * secret key) nothing runs.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { armKey } from '../../schemas/experiments.ts'
import type { ExperimentsOverviewQueryResult } from '../../schemas/sanity.types.ts'
import { createDayKeys } from '../../supabase/functions/_shared/analytics/day-keys.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import type { PublicConfig } from '../../web/src/shared/config/public-config.ts'
import { analyticsApiFor } from '../analytics/counting.ts'
import { notCountedBecause } from '../analytics/view-rules.ts'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { clientAddress, clientAsTheDatabaseNamesIt } from '../http/client-address.ts'
import type { QuerySource } from '../site/query-source.ts'
import { armOf, type RunningExperiment } from './assignment.ts'
import { experimentCountsFor, type Exposure } from './experiment-counts.ts'
import { experimentResults, fieldStates, type ExperimentResult, type FieldState } from './experiment-results.ts'
import { createExposureLog } from './exposure-log.ts'
import { experimentVisitor } from './experiment-visitor.ts'
import { answeredWithin } from './answered-within.ts'

/** The arms one page view shows: `<experimentId>:<variantId>`, one per running experiment. */
export interface Assignment {
  arms: string[]
  exposures: Exposure[]
  /** The client's address, for its bound in this process's memory only (never stored). */
  address: string
}

export interface Experiments {
  /** The arms this request is shown, or undefined: the defaults (no experiment runs, or the request is not counted). */
  assign(request: FastifyRequest): Promise<Assignment | undefined>
  /** The browser's settings for a page that shows these arms (one object per set, so kept pages can be matched by it). */
  publicConfig(base: PublicConfig, assignment: Assignment | undefined): PublicConfig
  /** A page showing `assignment` was sent: its arms are exposures. */
  shown(assignment: Assignment): void
  /** Writes the exposures that wait; rolls up the days whose salts are gone (both also run on their own). */
  flush(): Promise<void>
  sweep(): Promise<void>
  /** What the Launch tool shows. */
  overview(): Promise<{ experiments: ExperimentResult[]; fields: FieldState[] }>
  close(): Promise<void>
}

export interface ExperimentSources {
  running: () => Promise<RunningExperiment[]>
  /** Experiments and fields as the Launch tool must see them (fresh, not the CDN's minute). */
  overview: QuerySource<ExperimentsOverviewQueryResult>
}

/**
 * An assignment that waits longer than this for the running experiments or the day's salt (the
 * database's first answer of the day) is given up: the page shows the defaults.
 */
const ASSIGN_TIMEOUT_MS = 250

export function startExperiments(
  config: ServerConfig,
  db: Database | undefined,
  log: FastifyBaseLogger,
  clock: () => Date,
  sources: ExperimentSources,
): Experiments | undefined {
  const analytics = analyticsApiFor(config, db)
  const counts = experimentCountsFor(config.supabase, db)
  if (!analytics || !counts) return undefined
  const keys = createDayKeys(analytics)
  const studioHost = new URL(config.sanity.studioUrl).host
  const exposures = createExposureLog({
    counts,
    log,
    clock,
    retentionMonths: config.analytics.retentionMonths,
    perClient: config.analytics.perClient,
  })
  const configs = new LRUCache<string, PublicConfig>({ max: 256 })

  /** The running experiments and the day's salt: the two things an assignment may have to wait for. */
  async function inputs(now: Date) {
    const running = await sources.running()
    if (running.length === 0) return undefined
    const day = utcDay(now)
    const salt = (await keys.saltsAt(now)).get(day)
    return salt ? { running, day, salt } : undefined
  }

  async function assign(request: FastifyRequest): Promise<Assignment | undefined> {
    if (notCountedBecause(request, { status: 200, preview: false }, studioHost)) return undefined
    const ready = await answeredWithin(inputs(clock()), ASSIGN_TIMEOUT_MS)
    if (!ready) return undefined
    const { running, day, salt } = ready
    // Work on this thread, not a wait: no deadline (a busy machine would drop visitors from their experiments).
    const address = clientAddress(request)
    const { client, visitor } = experimentVisitor(salt, clientAsTheDatabaseNamesIt(address), request.headers['user-agent'] ?? '')
    const shown = running.map((experiment) => ({
      day,
      client,
      visitor,
      experiment_id: experiment.id,
      arm: armOf(visitor, experiment),
    }))
    return {
      arms: shown.map(({ experiment_id, arm }) => armKey(experiment_id, arm)),
      exposures: shown,
      address,
    }
  }

  return {
    async assign(request) {
      try {
        return await assign(request)
      } catch (error) {
        request.log.warn({ err: error }, 'experiments: no assignment, the page shows the defaults')
        return undefined
      }
    },
    publicConfig(base, assignment) {
      if (!assignment) return base
      const key = assignment.arms.join(' ')
      let config = configs.get(key)
      if (!config) {
        config = { ...base, variants: assignment.arms }
        configs.set(key, config)
      }
      return config
    },
    shown: (assignment) => exposures.add(assignment.address, assignment.exposures),
    flush: () => exposures.flush(),
    sweep: () => exposures.sweep(),
    async overview() {
      const [overview, running] = await Promise.all([sources.overview(), sources.running()])
      const experiments = overview.experiments.map((experiment) => experiment._id)
      const totals = experiments.length > 0 ? await counts.totals(experiments) : {}
      const served = new Set(running.map((experiment) => experiment.id))
      return { experiments: experimentResults(overview, totals, served), fields: fieldStates(overview) }
    },
    close: () => exposures.close(),
  }
}
