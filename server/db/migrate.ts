import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from './database.ts'

/**
 * What hosted Supabase already has: its API roles (cluster-wide, so a restored database needs them
 * too: server/backup/postgres-snapshot.ts) and the CLI's migration ledger. Created only where
 * missing, so the migrations themselves stay exactly Supabase's.
 */
const API_ROLES = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end
$$;
grant anon, authenticated to current_user;
`
const LEDGER = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz not null default now()
);
`

/** Supabase's API roles, where missing, with the server's user a member of anon and authenticated. */
export const createApiRoles = (db: Database) => db.transaction((tx) => tx.exec(API_ROLES))

/** Applies, in order and each in its own transaction, every file of supabase/migrations not yet applied. */
export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  await db.transaction((tx) => tx.exec(API_ROLES + LEDGER))
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
  const applied = new Set(rows.map((row) => row.version))
  const files = (await readdir(migrationsDir)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort()

  const newlyApplied: string[] = []
  for (const file of files) {
    const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_')
    if (applied.has(version)) continue
    const sql = await readFile(join(migrationsDir, file), 'utf8')
    await db.transaction(async (tx) => {
      try {
        await tx.exec(sql)
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ])
    })
    newlyApplied.push(file)
  }
  return newlyApplied
}
