// Test helper: the two databases the self-hosted server runs on, for suites that run on both.
import { inject } from 'vitest'
import { createThrowawayDatabase } from './throwaway-postgres.ts'

export interface DatabaseVariant {
  name: string
  /** Extra environment for the server's loadConfig, and how to clean up afterwards. */
  database: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>
}

export const databaseVariants: DatabaseVariant[] = [
  // No DATABASE_URL: the backend opens PGlite under DATA_DIR.
  { name: 'PGlite', database: async () => ({ env: {}, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    database: async () => {
      const database = await createThrowawayDatabase(inject('testDatabaseUrl'))
      return { env: { DATABASE_URL: database.url }, drop: database.drop }
    },
  },
]
