/**
 * Where visitors' and tools' GROQ runs: a small pool of worker threads (piscina), so a costly
 * query never holds up the thread that serves the page and the sign-ups. Each query has a time
 * limit (queue wait included) after which its worker is terminated, each worker a heap limit,
 * each answer a size limit, and only so many queries are admitted at once
 * (docs/decisions/0028-queries-in-a-worker-pool.md).
 */
import { Piscina } from 'piscina'
import type { Perspective, QueryContext, QueryParams } from './groq-query.ts'
import type { SeedDocument } from '../local-dataset.ts'
import type { QueryOutcome, QueryTask } from './query-worker.ts'

export interface QueryLimits {
  /** Worker threads evaluating queries at once. */
  workers: number
  /** How long a query may take, from its arrival to its answer, before it is stopped. */
  timeLimitMs: number
  /** Heap (old generation) each worker may use; a query needing more ends its worker. */
  workerMemoryMb: number
  /** Largest answer sent, as UTF-8 JSON. */
  answerLimitBytes: number
  /** Queries waiting for a worker beyond those running; more are refused at once. */
  queue: number
  /** Longest query text, and longest params as JSON. */
  maxQueryChars: number
}

/** Fits `npm start` on a small machine: one core left to the page, a heap well under 200 MB. */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  workers: 1,
  timeLimitMs: 1000,
  workerMemoryMb: 64,
  answerLimitBytes: 4 * 1024 * 1024,
  queue: 4,
  maxQueryChars: 32 * 1024,
}

/** Why a query got no answer: the route sends `status` with `error` (and Retry-After when set). */
export class QueryRefused extends Error {
  override name = 'QueryRefused'
  readonly status: number
  readonly error: { type: string; description: string }
  readonly retryAfterSeconds: number | undefined
  constructor(status: number, error: { type: string; description: string }, retryAfterSeconds?: number) {
    super(error.description)
    this.status = status
    this.error = error
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export interface QueryJob {
  documents: readonly SeedDocument[]
  query: string
  params: QueryParams
  perspective: Perspective
  context: QueryContext
  /** Aborted when the caller no longer waits (the client hung up). */
  signal?: AbortSignal
}

export interface QueryPool {
  /** The outcome of evaluating `job`; rejects with QueryRefused when a bound stops it. */
  run(job: QueryJob): Promise<QueryOutcome>
  close(): Promise<void>
}

const WORKER_FILE = new URL('./query-worker.ts', import.meta.url).href

export function createQueryPool(limits: QueryLimits): QueryPool {
  const piscina = new Piscina<QueryTask, QueryOutcome>({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: limits.workers,
    // The bound is `admitted` below; piscina's own queue is never the one that says no (its
    // refusal would be a plain Error, not a 503).
    maxQueue: limits.workers + limits.queue,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.workerMemoryMb, maxYoungGenerationSizeMb: 16 },
  })
  const shared = new WeakMap<readonly SeedDocument[], { key: string; bytes: SharedArrayBuffer }>()
  let revisions = 0
  let admitted = 0
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.timeLimitMs / 1000))

  // One copy of each document list in shared memory, however many tasks and threads read it.
  const sharedDocuments = (documents: readonly SeedDocument[]) => {
    let entry = shared.get(documents)
    if (!entry) {
      const json = Buffer.from(JSON.stringify(documents))
      const bytes = new SharedArrayBuffer(json.length)
      new Uint8Array(bytes).set(json)
      entry = { key: String(++revisions), bytes }
      shared.set(documents, entry)
    }
    return entry
  }

  return {
    async run({ documents, signal, ...job }) {
      if (admitted >= limits.workers + limits.queue) {
        throw new QueryRefused(
          503,
          { type: 'serverBusy', description: 'Too many queries are running: try again shortly' },
          retryAfterSeconds,
        )
      }
      admitted++
      const timeout = AbortSignal.timeout(limits.timeLimitMs)
      try {
        const { key, bytes } = sharedDocuments(documents)
        return await piscina.run(
          { ...job, datasetKey: key, documents: bytes, answerLimitBytes: limits.answerLimitBytes },
          { signal: signal ? AbortSignal.any([timeout, signal]) : timeout },
        )
      } catch (err) {
        if (timeout.aborted) {
          throw new QueryRefused(
            503,
            { type: 'queryTimeout', description: `The query took longer than ${limits.timeLimitMs} ms and was stopped` },
            retryAfterSeconds,
          )
        }
        if (signal?.aborted) {
          throw new QueryRefused(499, { type: 'clientClosedRequest', description: 'The client hung up' })
        }
        if (isOutOfMemory(err)) {
          throw new QueryRefused(422, {
            type: 'queryTooLarge',
            description: `The query needed more than ${limits.workerMemoryMb} MB and was stopped: ask for less`,
          })
        }
        throw err
      } finally {
        admitted--
      }
    },
    close: () => piscina.close({ force: true }),
  }
}

function isOutOfMemory(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ERR_WORKER_OUT_OF_MEMORY'
}
