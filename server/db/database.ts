import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import lockfile from 'proper-lockfile'
import type { Sql } from '../../supabase/functions/_shared/sql.ts'

export interface Transaction extends Sql {
  exec(statements: string): Promise<void>
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres'
  /** A transaction; with `role`, every statement in it runs as that role, under its RLS policies. */
  transaction<T>(work: (tx: Transaction) => Promise<T>, role?: 'anon'): Promise<T>
  close(): Promise<void>
}

/** PostgreSQL when DATABASE_URL is set (the production choice); otherwise embedded PGlite under DATA_DIR. */
export async function openDatabase({
  databaseUrl,
  dataDir,
}: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(join(dataDir, 'pglite'))
}

const setRole = (role: 'anon' | undefined) => (role ? `set local role ${role}` : undefined)

async function openPglite(directory: string): Promise<Database> {
  await mkdir(directory, { recursive: true })
  const releaseLock = await lockDirectory(directory)
  const db = await PGlite.create(directory).catch(async (error: unknown) => {
    await releaseLock()
    throw error
  })
  return {
    kind: 'pglite',
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await db.query<Row>(text, params)).rows }),
    transaction: (work, role) =>
      db.transaction(async (tx) => {
        const statement = setRole(role)
        if (statement) await tx.exec(statement)
        return work({
          query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await tx.query<Row>(text, params)).rows }),
          exec: async (statements) => void (await tx.exec(statements)),
        })
      }),
    // PGlite does not fsync; closing cleanly is what keeps its data directory intact.
    async close() {
      await db.close()
      await releaseLock()
    },
  }
}

async function openPostgres(connectionString: string): Promise<Database> {
  // A request waits at most this long for a connection, then fails (503) instead of queueing forever.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 })
  // A connection the server dropped (a restart, a failover, pg_terminate_backend) fails its query,
  // or, idle or between two statements of a transaction, emits 'error': unhandled, that would end
  // the process. The pool replaces it; the next query opens a new one or fails, and /healthz says so.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  await pool.query('select 1')
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as Row[] }),
    async transaction(work, role) {
      const client = await pool.connect()
      try {
        // One round trip to open the transaction and take the role.
        await client.query(['begin', setRole(role)].filter(Boolean).join('; '))
        const result = await work({
          query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as Row[] }),
          exec: async (statements) => void (await client.query(statements)),
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/**
 * How long a lock whose holder stopped refreshing it is still trusted. After a crash (SIGKILL,
 * power cut) the next start takes it over once it is this old, whatever became of the old process
 * (a zombie not yet reaped still has its pid): a restart serves again within about five seconds.
 */
const STALE_MS = 5_000
/** Refreshed every second, so a holder whose event loop stalls for up to four seconds keeps its lock. */
const UPDATE_MS = 1_000
const RETRY_EVERY_MS = 250

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt
 * it. proper-lockfile's lock (an atomic mkdir, kept fresh by its holder) makes a second process
 * wait until the lock is stale, then take it over, or stop with an explanation while the holder
 * lives. The holder's pid, written beside the lock, is only for that explanation.
 */
async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  const pidFile = `${directory}.pid`
  let release: () => Promise<void>
  try {
    release = await lockfile.lock(directory, {
      stale: STALE_MS,
      update: UPDATE_MS,
      // Long enough for a crashed holder's lock to go stale, so a restart never needs a clean-up.
      retries: {
        retries: Math.ceil((STALE_MS + 2_000) / RETRY_EVERY_MS),
        factor: 1,
        minTimeout: RETRY_EVERY_MS,
        maxTimeout: RETRY_EVERY_MS,
      },
      onCompromised: (error) => {
        // Another process took the lock over (this one was paused past STALE_MS): stop writing.
        // Thrown from a timer, it is an uncaught error, and the server closes as after any other.
        throw new Error(`Lost the lock on the embedded database in ${directory}: another process may be using it.`, {
          cause: error,
        })
      },
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    const holder = (await readFile(pidFile, 'utf8').catch(() => '')).trim()
    throw new Error(
      `The embedded database in ${directory} is in use by ${holder ? `process ${holder}` : 'another process'} (a running server?). ` +
        'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.',
      { cause: error },
    )
  }
  await writeFile(pidFile, String(process.pid))
  return async () => {
    await rm(pidFile, { force: true })
    await release()
  }
}
