// Test helper: the database every sign-up runs on, migrated, in both kinds the server supports.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase, type Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { inject } from 'vitest'
import { createThrowawayDatabase } from './throwaway-postgres.ts'

export interface MigratedDatabase {
  db: Database
  close(): Promise<void>
}

/** Embedded PGlite in a temporary directory, and a throwaway database on TEST_DATABASE_URL. */
export const databaseKinds: { kind: Database['kind']; open: () => Promise<MigratedDatabase> }[] = [
  {
    kind: 'pglite',
    open: async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'pulso-pglite-'))
      const db = await openDatabase({ databaseUrl: undefined, dataDir })
      await migrate(db, resolve('supabase/migrations'))
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
    open: async () => {
      const throwaway = await createThrowawayDatabase(inject('testDatabaseUrl'))
      const db = await openDatabase({ databaseUrl: throwaway.url, dataDir: '' })
      await migrate(db, resolve('supabase/migrations'))
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
