// Test helper: a PostgreSQL database of its own for each test file (or benchmark), dropped afterwards.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface ThrowawayDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * Creates `pulso_test_<random>` on the server `adminUrl` names as a superuser (in tests,
 * `inject('testDatabaseUrl')`, provided by postgres-global-setup.ts), in `tablespace` when given. Supabase's API roles are cluster-wide,
 * so they are created here under an advisory lock: test files migrating their own databases
 * in parallel would otherwise race to create the same roles.
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  { tablespace }: { tablespace?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `pulso_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`select pg_advisory_lock(hashtext('pulso_test_supabase_roles'))`)
    try {
      for (const role of ['anon', 'authenticated', 'service_role']) {
        const { rowCount } = await admin.query('select from pg_roles where rolname = $1', [role])
        if (!rowCount) await admin.query(`create role ${role} nologin noinherit${role === 'service_role' ? ' bypassrls' : ''}`)
      }
      await admin.query('grant anon, authenticated to current_user')
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('pulso_test_supabase_roles'))`)
    }
    await admin.query(`create database ${name}${tablespace ? ` tablespace ${tablespace}` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}
