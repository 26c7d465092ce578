// Test helper: the embedded database, created and migrated once per test run, then copied into the
// data directory of each test that opens a new one. PGlite's first open of an empty directory runs
// initdb in WebAssembly and the migrations follow: 3-4 s of CPU each time on this 2-core machine,
// against well under a second to copy the result (docs/decisions/0097-test-suite-time.md).
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'

/** Set by the server project's global setup (pglite-template-global-setup.ts) for its test files. */
const TEMPLATE_VARIABLE = 'PULSO_TEST_PGLITE_TEMPLATE'

/** A data directory whose embedded database holds every migration of supabase/migrations, made as the server would. */
export async function makePgliteTemplate(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pulso-pglite-template-'))
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  try {
    await migrate(db, resolve(import.meta.dirname, '../../supabase/migrations'))
  } finally {
    await db.close()
  }
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) }
}

/** Offers `template` to the test files started from now on (their processes inherit the variable). */
export function offerPgliteTemplate(template: string | undefined): void {
  if (template === undefined) delete process.env[TEMPLATE_VARIABLE]
  else process.env[TEMPLATE_VARIABLE] = template
}

/**
 * Gives `dataDir` the run's migrated embedded database when it has none yet and a template was
 * offered (in the test runner only: a benchmark or a script opens its own). The server and
 * `migrate` then find every migration applied, as after a first start.
 */
export async function seedFromPgliteTemplate(dataDir: string): Promise<void> {
  const template = process.env[TEMPLATE_VARIABLE]
  if (!template) return
  const target = join(dataDir, 'pglite')
  if (!existsSync(target)) await cp(join(template, 'pglite'), target, { recursive: true })
}
