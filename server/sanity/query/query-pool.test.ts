import { afterEach, describe, expect, it } from 'vitest'
import { PUBLISHED } from './groq-query.ts'
import type { SeedDocument } from '../local-dataset.ts'
import { createQueryPool, DEFAULT_QUERY_LIMITS, QueryRefused, type QueryLimits, type QueryPool } from './query-pool.ts'

const documents: SeedDocument[] = Array.from({ length: 300 }, (_, n) => ({ _id: `doc-${n}`, _type: 'item', n }))
/** Hundreds of millions of objects: never finishes within any limit these tests set. */
const RUNAWAY = '*[]{"a":*[]{"b":*[]{"c":*[]{_id}}}}'

let pool: QueryPool | undefined
afterEach(async () => {
  await pool?.close()
  pool = undefined
})

function poolWith(limits: Partial<QueryLimits>): QueryPool {
  pool = createQueryPool({ ...DEFAULT_QUERY_LIMITS, ...limits })
  return pool
}

const job = (query: string, signal?: AbortSignal) => ({
  documents,
  query,
  params: {},
  perspective: PUBLISHED,
  context: { projectId: 'local', dataset: 'production' },
  ...(signal ? { signal } : {}),
})

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) =>
      err instanceof QueryRefused ? { status: err.status, type: err.error.type, retryAfter: err.retryAfterSeconds } : err,
  )

describe('createQueryPool', () => {
  it('evaluates in a worker and hands back the answer as JSON', async () => {
    const outcome = await poolWith({}).run(job('{"count": count(*), "first": *[n == 0][0]._id}'))
    expect(outcome).toEqual({ ok: true, resultJson: '{"count":300,"first":"doc-0"}' })
  })

  // The limit counts from arrival, a fresh worker's start included: with one this small, only the
  // refusal is certain. That a stopped worker is replaced is checked below, with no limit in reach.
  it('stops a query past the time limit with a 503 and Retry-After', async () => {
    const queries = poolWith({ timeLimitMs: 50 })
    expect(await refusal(queries.run(job(RUNAWAY)))).toEqual({ status: 503, type: 'queryTimeout', retryAfter: 1 })
  })

  it('ends a worker that outgrows its heap with a 422, and answers the next one', async () => {
    const queries = poolWith({ workerMemoryMb: 16, timeLimitMs: 600_000 })
    expect(await refusal(queries.run(job(RUNAWAY)))).toMatchObject({ status: 422, type: 'queryTooLarge' })
    expect(await queries.run(job('count(*)'))).toEqual({ ok: true, resultJson: '300' })
  })

  it('refuses an answer larger than the cap with a 422', async () => {
    // No time limit in reach: a fresh worker's start on a busy machine is no answer's size.
    const outcome = await poolWith({ answerLimitBytes: 1024, timeLimitMs: 600_000 }).run(job('*[]'))
    expect(outcome).toMatchObject({ ok: false, status: 422, error: { type: 'queryTooLarge' } })
  })

  it('refuses at once, with a 503 and Retry-After, a query beyond those running and queued', async () => {
    const queries = poolWith({ workers: 1, queue: 0, timeLimitMs: 600_000 })
    const caller = new AbortController()
    const running = refusal(queries.run(job(RUNAWAY, caller.signal)))
    expect(await refusal(queries.run(job('count(*)')))).toEqual({ status: 503, type: 'serverBusy', retryAfter: 600 })
    // The caller hanging up stops the runaway query, and frees its place.
    caller.abort()
    expect(await running).toMatchObject({ status: 499 })
    expect(await queries.run(job('count(*)'))).toEqual({ ok: true, resultJson: '300' })
  })

  it('answers a query too deep for the parser’s stack as a parse error', async () => {
    const outcome = await poolWith({}).run(job(`${'!'.repeat(100_000)}true`))
    expect(outcome).toMatchObject({ ok: false, status: 400, error: { type: 'queryParseError' } })
  })
})
