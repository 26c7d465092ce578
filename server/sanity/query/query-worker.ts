/**
 * Runs in the query pool's worker threads (query-pool.ts): evaluates one visitor's GROQ over the
 * dataset and hands back the answer as JSON, or why it could not. A runaway query blows this
 * thread's time or heap, never the server's.
 */
import { GroqRequestError, queryDataset, type Perspective, type QueryContext, type QueryParams } from './groq-query.ts'
import type { SeedDocument } from '../local-dataset.ts'

export interface QueryTask {
  /** Which documents `documents` holds; the same key means the same bytes, parsed once per thread. */
  datasetKey: string
  /** The documents as UTF-8 JSON, shared with every thread rather than copied into each task. */
  documents: SharedArrayBuffer
  query: string
  params: QueryParams
  perspective: Perspective
  context: QueryContext
  /** Answers longer than this (as UTF-8 JSON) are refused rather than sent. */
  answerLimitBytes: number
}

export type QueryOutcome =
  | { ok: true; resultJson: string }
  | { ok: false; status: number; error: { type: string; description: string; [key: string]: unknown } }

let loaded: { key: string; documents: SeedDocument[] } | undefined

export default async function evaluateQuery(task: QueryTask): Promise<QueryOutcome> {
  if (loaded?.key !== task.datasetKey) {
    // A copy first: TextDecoder refuses views of shared memory.
    const text = Buffer.from(new Uint8Array(task.documents)).toString('utf8')
    loaded = { key: task.datasetKey, documents: JSON.parse(text) as SeedDocument[] }
  }
  let result: unknown
  try {
    result = await queryDataset(loaded.documents, task.query, task.params, task.perspective, task.context)
  } catch (err) {
    if (err instanceof GroqRequestError) return { ok: false, status: err.statusCode, error: { ...err.details } }
    throw err
  }
  let resultJson: string
  try {
    resultJson = JSON.stringify(result) ?? 'null'
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    return {
      ok: false,
      status: 422,
      error: { type: 'queryTooLarge', description: 'The answer is too large or nested too deeply to send' },
    }
  }
  if (Buffer.byteLength(resultJson) > task.answerLimitBytes) {
    return {
      ok: false,
      status: 422,
      error: {
        type: 'queryTooLarge',
        description: `The answer is larger than ${Math.floor(task.answerLimitBytes / 1024)} KB: ask for less (a slice, fewer fields)`,
      },
    }
  }
  return { ok: true, resultJson }
}
