import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import type { Sql } from '../../supabase/functions/_shared/sql.ts'
import { lockDirectory } from './directory-lock.ts'
import { openPgliteThread } from './pglite-client.ts'

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
  const db = await openPgliteThread(directory).catch(async (error: unknown) => {
    await releaseLock()
    throw error
  })
  return {
    kind: 'pglite',
    query: db.query,
    transaction: (work, role) =>
      db.transaction(async (tx) => {
        const statement = setRole(role)
        if (statement) await tx.exec(statement)
        return work(tx)
      }),
    // PGlite does not fsync: the directory is let go only once it has closed cleanly.
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
