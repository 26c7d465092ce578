/**
 * Embedded PGlite, run in a thread of its own (pglite-thread.ts) and reached by one message per
 * statement, so that the statements visitors' sign-ups cause never hold up the thread that serves
 * the page (docs/decisions/0032-embedded-database-in-its-own-thread.md).
 */
import { Worker } from 'node:worker_threads'
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import type { Transaction } from './database.ts'
import type { ErrorFields, Reply, Request } from './pglite-thread.ts'
import type { RowCounts } from '../backup/row-counts.ts'

export interface PgliteThread extends Sql {
  /** One statement as role anon, in a transaction of its own. */
  queryAsAnon: Sql['query']
  /** Commits what `work` did, or rolls it back and rethrows when `work` throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
  /** Closes PGlite cleanly (it does not fsync), after the calls already made, and ends the thread. */
  close(): Promise<void>
  /** Calls sent to the thread and not yet answered: one runs, the others wait their turn. */
  callsInFlight(): number
  /** Copies the database's directory while nothing runs, and counts its rows then (pglite-thread.ts, 'copy'). */
  copyDirectory(into: string): Promise<RowCounts>
}

const THREAD_FILE = new URL('./pglite-thread.ts', import.meta.url)

/** The error PGlite threw in the thread, with the same message and fields (`code`, `detail`...). */
const rebuilt = ({ message, ...fields }: ErrorFields) => Object.assign(new Error(message), fields)

/**
 * The thread runs one file and shares the process's environment: it takes none of the process's
 * command-line options, which may not fit it (`--input-type` with `node -e` stops a worker at once).
 */
const startThread = () => new Worker(THREAD_FILE, { execArgv: [] })

/** Opens PGlite in `directory`, on `worker` (a test passes its own, to stop it). */
export async function openPgliteThread(directory: string, worker = startThread()): Promise<PgliteThread> {
  const pending = new Map<number, { resolve(value: unknown): void; reject(reason: Error | ErrorFields): void }>()
  let calls = 0
  /** Why no call can be answered any more: the database was closed, or its thread stopped. */
  let stopped: Error | undefined

  // The thread keeps the process alive only while a call waits for its answer, as a socket would:
  // an open database alone does not (nor did PGlite on the main thread), so a script that is done
  // exits, and the server lives on through its listener.
  worker.unref()
  const settle = (id: number) => {
    const call = pending.get(id)
    pending.delete(id)
    if (pending.size === 0) worker.unref()
    return call
  }
  // SQLSTATE 08006 (connection failure), as a dropped PostgreSQL connection says: callers answer 503.
  const stop = (error: Error) => {
    stopped ??= Object.assign(error, { code: '08006' })
    for (const id of pending.keys()) settle(id)?.reject(stopped)
  }
  worker.on('message', ({ id, ...reply }: Reply) => {
    const call = settle(id)
    if (reply.ok) call?.resolve(reply.value)
    else call?.reject(reply.error)
  })
  worker.on('error', (error) => stop(new Error(`The embedded database stopped: ${error.message}`, { cause: error })))
  worker.on('exit', (code) => stop(new Error(`The embedded database stopped: its thread exited with code ${code}`)))

  const send = <T>(request: Request) =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped)
      const id = ++calls
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.ref()
      try {
        worker.postMessage({ id, request })
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, a symbol...).
        settle(id)
        reject(error as Error)
      }
    })
  // The error is made here rather than as the answer arrives, so that its stack names the caller.
  const call = async <T>(request: Request): Promise<T> => {
    try {
      return await send<T>(request)
    } catch (reason) {
      throw reason instanceof Error ? reason : rebuilt(reason as ErrorFields)
    }
  }

  const query = async <Row>(text: string, params?: unknown[], transaction?: number) => ({
    rows: await call<Row[]>({ kind: 'query', text, params, transaction }),
  })

  try {
    await call({ kind: 'open', directory })
  } catch (error) {
    stopped ??= new Error('The embedded database could not be opened')
    await worker.terminate()
    throw error
  }

  return {
    query: <Row>(text: string, params?: unknown[]) => query<Row>(text, params, undefined),
    queryAsAnon: async <Row>(text: string, params?: unknown[]) => ({
      rows: await call<Row[]>({ kind: 'query as anon', text, params }),
    }),
    async transaction(work) {
      const transaction = await call<number>({ kind: 'begin' })
      let result
      try {
        result = await work({
          query: <Row>(text: string, params?: unknown[]) => query<Row>(text, params, transaction),
          exec: (statements) => call<void>({ kind: 'exec', statements, transaction }),
        })
      } catch (error) {
        // The error `work` threw is the one its caller gets, whatever the rollback says.
        await call({ kind: 'rollback', transaction }).catch(() => undefined)
        throw error
      }
      await call({ kind: 'commit', transaction })
      return result
    },
    callsInFlight: () => pending.size,
    copyDirectory: (into) => call<RowCounts>({ kind: 'copy', into }),
    async close() {
      if (stopped) return
      await call({ kind: 'close' })
      stopped = new Error('The embedded database is closed')
      await worker.terminate()
    },
  }
}
