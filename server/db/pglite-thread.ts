/**
 * The embedded database's own thread (started by pglite-client.ts): PGlite runs each statement
 * synchronously on the thread that holds it, so here a burst of costly statements takes this
 * thread's time, never the page's (docs/decisions/0032-embedded-database-in-its-own-thread.md).
 */
import { cp } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { countRows } from '../backup/row-counts.ts'

export type Request =
  | { kind: 'open'; directory: string }
  /** Outside a transaction when `transaction` is undefined: PGlite then waits for the open one to end. */
  | { kind: 'query'; text: string; params: unknown[] | undefined; transaction: number | undefined }
  /** One statement in a transaction of its own, as role anon: one message where begin, role, query and commit would be four. */
  | { kind: 'query as anon'; text: string; params: unknown[] | undefined }
  | { kind: 'exec'; statements: string; transaction: number }
  /** Answers the new transaction's number once it is open. */
  | { kind: 'begin' }
  | { kind: 'commit' | 'rollback'; transaction: number }
  | { kind: 'close' }
  /**
   * Copies the database's directory into `into` while no statement runs, after a checkpoint has
   * written everything to its files; answers the rows each table held then (server/backup).
   */
  | { kind: 'copy'; into: string }

/**
 * A copy of an error's message and string fields (PGlite's `code`, `detail`, `hint`, `severity`,
 * `constraint`...): a thread's message keeps an Error's message but drops the fields callers read.
 */
export type ErrorFields = { name: string; message: string } & Record<string, string>

export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: ErrorFields })

interface OpenTransaction {
  tx: Transaction
  end(outcome: 'commit' | 'rollback'): void
  /** Settles once the transaction has committed or rolled back. */
  finished: Promise<void>
}

const port = parentPort
if (!port) throw new Error('pglite-thread.ts runs as a worker thread: open it through pglite-client.ts')

let db: PGlite
let directory: string
const transactions = new Map<number, OpenTransaction>()
let transactionsBegun = 0

/** Opens a PGlite transaction and holds it open, between statements, until told how to end it. */
function begin(): Promise<OpenTransaction> {
  return new Promise((opened, failed) => {
    const finished: Promise<void> = db.transaction(async (tx) => {
      const outcome = await new Promise<'commit' | 'rollback'>((end) => opened({ tx, end, finished }))
      if (outcome === 'rollback') await tx.rollback()
    })
    // Before the transaction opened, its failure is the answer to 'begin' (after, `failed` does nothing).
    finished.catch(failed)
  })
}

function transactionNumbered(transaction: number): OpenTransaction {
  const open = transactions.get(transaction)
  if (!open) throw new Error(`Transaction ${transaction} is not open`)
  return open
}

async function answer(request: Request): Promise<unknown> {
  switch (request.kind) {
    case 'open':
      // The extensions the migrations create (pg_trgm: the Launch tool's search, 20261205100000) load with the database.
      db = await PGlite.create(request.directory, { extensions: { pg_trgm } })
      directory = request.directory
      return undefined
    case 'query': {
      const sql = request.transaction === undefined ? db : transactionNumbered(request.transaction).tx
      return (await sql.query(request.text, request.params)).rows
    }
    case 'query as anon':
      return db.transaction(async (tx) => {
        await tx.exec('set local role anon')
        return (await tx.query(request.text, request.params)).rows
      })
    case 'exec':
      await transactionNumbered(request.transaction).tx.exec(request.statements)
      return undefined
    case 'begin': {
      const open = await begin()
      const transaction = ++transactionsBegun
      transactions.set(transaction, open)
      return transaction
    }
    case 'commit':
    case 'rollback': {
      const open = transactionNumbered(request.transaction)
      transactions.delete(request.transaction)
      open.end(request.kind)
      await open.finished
      return undefined
    }
    case 'copy':
      // A transaction holds PGlite's lock: every other statement, in or out of a transaction, waits.
      return db.transaction(async (tx) => {
        const counts = await countRows(tx)
        await tx.exec('checkpoint')
        await cp(directory, request.into, { recursive: true })
        return counts
      })
    case 'close':
      // PGlite waits for the open transaction and the statements queued before this to finish.
      await db.close()
      return undefined
  }
}

function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const fields = Object.entries(error).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  return { ...Object.fromEntries(fields), name: error.name, message: error.message }
}

// Each message is answered as soon as it can be, not after the previous answer: the statements of
// an open transaction must reach PGlite while a query outside it waits on PGlite's lock.
port.on('message', ({ id, request }: { id: number; request: Request }) => {
  answer(request)
    .then((value) => port.postMessage({ id, ok: true, value } satisfies Reply))
    // A value that cannot be copied to the main thread fails its own call, like a failed statement.
    .catch((error: unknown) => port.postMessage({ id, ok: false, error: errorFields(error) } satisfies Reply))
})
