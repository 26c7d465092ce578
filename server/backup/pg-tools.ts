/**
 * PostgreSQL's own client tools, pg_dump and pg_restore, found on PATH and run with DATABASE_URL:
 * its password goes in the environment (PGPASSWORD), never on a command line other accounts can read.
 */
import { execFile, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { SnapshotError } from './snapshot-error.ts'

export type PgTool = 'pg_dump' | 'pg_restore'

/** The URL without its password, and the environment that carries it. */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

/** The tool's major version, or a SnapshotError saying how to install it. */
async function majorVersion(tool: PgTool): Promise<number> {
  const { stdout } = await promisify(execFile)(tool, ['--version']).catch((error: NodeJS.ErrnoException) => {
    throw new SnapshotError(
      error.code === 'ENOENT'
        ? `${tool} is not installed on this machine, and snapshots of PostgreSQL are made with it. Install PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client; a newer one from apt.postgresql.org), or put their folder first on PATH (Debian keeps each version in /usr/lib/postgresql/<version>/bin).`
        : `${tool} --version failed: ${error.message}`,
    )
  })
  return Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1] ?? 0)
}

/** Refuses a tool older than the server: pg_dump cannot read a newer server's catalogue. */
export async function checkToolFor(tool: PgTool, db: Sql): Promise<void> {
  const { rows } = await db.query<{ version: string }>(`select current_setting('server_version_num') as version`)
  const server = Math.floor(Number(rows[0]?.version ?? 0) / 10_000)
  const client = await majorVersion(tool)
  if (client < server) {
    throw new SnapshotError(
      `${tool} ${client} cannot handle PostgreSQL ${server}: install the client tools of version ${server} or newer, or put their folder first on PATH (Debian: /usr/lib/postgresql/${server}/bin).`,
    )
  }
}

/** Runs `tool` on DATABASE_URL's database with `args`; rejects with its error output when it fails. */
export async function runTool(tool: PgTool, databaseUrl: string, args: string[]): Promise<void> {
  const { dbname, env } = connection(databaseUrl)
  await promisify(execFile)(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stderr?: string; message: string }) => {
      throw new SnapshotError(`${tool} failed: ${(error.stderr ?? '').trim() || error.message}`)
    },
  )
}

/**
 * The rows of each table a pg_dump archive holds, read from its data as pg_restore writes it out
 * (one line per row in a COPY block, a row's line breaks escaped), without a database.
 */
export async function rowsInArchive(file: string): Promise<Record<string, number>> {
  const restore = spawn('pg_restore', ['--data-only', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  let errors = ''
  restore.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<number>((resolve, reject) => {
    restore.on('error', reject)
    restore.on('close', resolve)
  })
  const counts: Record<string, number> = {}
  let table: string | undefined
  for await (const line of createInterface({ input: restore.stdout, crlfDelay: Infinity })) {
    if (table === undefined) {
      table = /^COPY (\S+) .*FROM stdin;$/.exec(line)?.[1]
      if (table !== undefined) counts[table] = 0
    } else if (line === '\\.') table = undefined
    else counts[table] = (counts[table] ?? 0) + 1
  }
  const code = await exited
  if (code !== 0) throw new SnapshotError(`pg_restore cannot read ${file}: ${errors.trim()}`)
  return counts
}
