import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { lockDirectory } from './directory-lock.ts'
import { tightenToOwner } from './private-data-dir.ts'
import { openPgliteThread } from './pglite-client.ts'
import type { RowCounts } from '../backup/row-counts.ts'

export interface Transaction extends Sql {
  exec(statements: string): Promise<void>
}

/** How busy a pool of connections is, for the metrics: the embedded database is one connection. */
export interface PoolUse {
  pool: 'server' | 'anon' | 'embedded'
  /** Connections open, and how many of them are running a statement. */
  open: number
  busy: number
  /** Statements waiting for a connection. */
  waiting: number
  max: number
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres'
  /** One statement run as role anon, under its grants and RLS policies, as PostgREST runs the public key's requests. */
  queryAsAnon<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
  pools(): PoolUse[]
  /**
   * The embedded database only: copies its directory into `into` while no statement runs, after a
   * checkpoint, and counts every table's rows at that moment (a snapshot's first step).
   */
  copyDirectory?(into: string): Promise<RowCounts>
  close(): Promise<void>
}

/**
 * PostgreSQL when DATABASE_URL is set (the production choice); otherwise embedded PGlite under DATA_DIR,
 * waiting up to `lockWaitSeconds` (PGLITE_LOCK_WAIT_SECONDS) for another process holding it to let go.
 */
export async function openDatabase({
  databaseUrl,
  dataDir,
  lockWaitSeconds,
}: {
  databaseUrl: string | undefined
  dataDir: string
  lockWaitSeconds?: number
}): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(join(dataDir, 'pglite'), lockWaitSeconds)
}

async function openPglite(directory: string, lockWaitSeconds: number | undefined): Promise<Database> {
  await mkdir(directory, { recursive: true })
  const releaseLock = await lockDirectory(directory, lockWaitSeconds)
  const db = await openPgliteThread(directory).catch(async (error: unknown) => {
    await releaseLock()
    throw error
  })
  await tightenToOwner(directory)
  return {
    kind: 'pglite',
    query: db.query,
    queryAsAnon: db.queryAsAnon,
    transaction: (work) => db.transaction(work),
    copyDirectory: db.copyDirectory,
    pools: () => {
      const calls = db.callsInFlight()
      return [{ pool: 'embedded', open: 1, busy: Math.min(calls, 1), waiting: Math.max(calls - 1, 0), max: 1 }]
    },
    // PGlite does not fsync: the directory is let go only once it has closed cleanly.
    async close() {
      await db.close()
      await releaseLock()
    },
  }
}

/** Connections per pool: see docs/operations.md, "Scaling past one machine". */
const POOL_MAX = 10

function openPool(config: pg.PoolConfig): pg.Pool {
  // A request waits at most this long for a connection, then fails (503) instead of queueing forever.
  const pool = new pg.Pool({ max: POOL_MAX, connectionTimeoutMillis: 5_000, ...config })
  // A connection the server dropped (a restart, a failover, pg_terminate_backend) fails its query,
  // or, idle or between two statements of a transaction, emits 'error': unhandled, that would end
  // the process. The pool replaces it; the next query opens a new one or fails, and /healthz says so.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  return pool
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = openPool({ connectionString })
  // Connections that are role anon from the start (the server's user is a member, see migrate.ts):
  // a public request is then one statement, not begin, set role, statement and commit.
  const anonPool = openPool({ connectionString, options: '-c role=anon' })
  await pool.query('select 1')
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as Row[] }),
    queryAsAnon: async <Row>(text: string, params?: unknown[]) => ({
      rows: (await anonPool.query(text, params)).rows as Row[],
    }),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
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
    pools: () => [poolUse('server', pool), poolUse('anon', anonPool)],
    close: async () => void (await Promise.all([pool.end(), anonPool.end()])),
  }
}

const poolUse = (name: PoolUse['pool'], pool: pg.Pool): PoolUse => ({
  pool: name,
  open: pool.totalCount,
  busy: pool.totalCount - pool.idleCount,
  waiting: pool.waitingCount,
  max: POOL_MAX,
})
