import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
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
  const db = await PGlite.create(directory)
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
  const pool = new pg.Pool({ connectionString, max: 10 })
  await pool.query('select 1')
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as Row[] }),
    async transaction(work, role) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const statement = setRole(role)
        if (statement) await client.query(statement)
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
 * PGlite is one process's database: a second process opening the same directory would
 * corrupt it. A pid file makes the second one stop with an explanation instead.
 */
async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  const lockFile = `${directory}.lock`
  const holder = Number(await readFile(lockFile, 'utf8').catch(() => ''))
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${directory} is in use by process ${holder} (a running server?). ` +
        'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.',
    )
  }
  await writeFile(lockFile, String(process.pid))
  return () => rm(lockFile, { force: true })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
