// Test helper: a PostgreSQL database of its own for each test file, dropped afterwards.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const MISSING_TEST_DATABASE =
  'TEST_DATABASE_URL is not set, so the PostgreSQL tests cannot run. Start the local server with ' +
  '`scripts/test-postgres.sh` and export the URL it prints: export TEST_DATABASE_URL=$(scripts/test-postgres.sh)'

/** The superuser URL of the test server; throws (never skips) when it is not configured. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error(MISSING_TEST_DATABASE)
  return url
}

export interface ThrowawayDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * Creates `pulso_test_<random>` on the test server. Supabase's API roles are cluster-wide,
 * so they are created here under an advisory lock: test files migrating their own databases
 * in parallel would otherwise race to create the same roles.
 */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const adminUrl = testDatabaseUrl()
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
    await admin.query(`create database ${name}`)
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

export interface DatabaseVariant {
  name: string
  /** Extra environment for the server's loadConfig, and how to clean up afterwards. */
  database: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>
}

/** The two databases the self-hosted server runs on, for suites that run on both. */
export const databaseVariants: DatabaseVariant[] = [
  // No DATABASE_URL: the backend opens PGlite under DATA_DIR.
  { name: 'PGlite', database: async () => ({ env: {}, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    database: async () => {
      const database = await createThrowawayDatabase()
      return { env: { DATABASE_URL: database.url }, drop: database.drop }
    },
  },
]
