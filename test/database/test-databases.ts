// Test helper: the database every sign-up runs on, migrated, in both kinds the server supports.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase, type Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { inject } from 'vitest'
import { seedFromPgliteTemplate } from './pglite-template.ts'
import { createThrowawayDatabase } from './throwaway-postgres.ts'

export interface MigratedDatabase {
  db: Database
  close(): Promise<void>
}

const MIGRATIONS = resolve('supabase/migrations')

/**
 * Embedded PGlite in a temporary directory, and a throwaway database on TEST_DATABASE_URL, each with
 * the migrations of `migrationsDir` (all of supabase/migrations unless a test replays part of them).
 */
export const databaseKinds: {
  kind: Database['kind']
  open: (migrationsDir?: string) => Promise<MigratedDatabase>
}[] = [
  {
    kind: 'pglite',
    open: async (migrationsDir = MIGRATIONS) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'pulso-pglite-'))
      if (migrationsDir === MIGRATIONS) await seedFromPgliteTemplate(dataDir)
      const db = await openDatabase({ databaseUrl: undefined, dataDir })
      await migrate(db, migrationsDir)
      return {
        db,
        async close() {
          await db.close()
          await rm(dataDir, { recursive: true, force: true })
        },
      }
    },
  },
  {
    kind: 'postgres',
    open: async (migrationsDir = MIGRATIONS) => {
      const throwaway = await createThrowawayDatabase(inject('testDatabaseUrl'))
      const db = await openDatabase({ databaseUrl: throwaway.url, dataDir: '' })
      await migrate(db, migrationsDir)
      return {
        db,
        async close() {
          await db.close()
          await throwaway.drop()
        },
      }
    },
  },
]
