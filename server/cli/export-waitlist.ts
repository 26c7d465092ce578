import { userInfo } from 'node:os'
import { resolve } from 'node:path'
import { failureMessage } from '../failure-message.ts'
import { openDatabase } from '../db/database.ts'
import { compileWasmBaselineOnly } from '../db/wasm-baseline.ts'
import { databaseEnv } from '../db/database-env.ts'
import { migrate } from '../db/migrate.ts'
import { pipeline } from 'node:stream/promises'
import { sqlOperatorStore } from '../operator/operator-store.ts'
import { exportStream } from '../operator/export-stream.ts'

/** Who the audit log names for an export from a terminal: `cli-` and the system user, as an id may be written. */
function terminalActor(): string {
  const user = userInfo()
    .username.replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 40)
  return `cli-${user || 'unknown'}`
}

/**
 * `npm run waitlist:export > waitlist.csv`: every sign-up, oldest first, from the configured
 * database, saying which are confirmed and under which consent text (operator.waitlist_export).
 */
async function main() {
  // A command's life is too short for V8's optimizing compiler to pay for PGlite (db/wasm-baseline.ts).
  compileWasmBaselineOnly()
  // Only where the database is: the server's whole configuration would double the command's start.
  const { databaseUrl, dataDir, lockWaitSeconds } = databaseEnv(process.env)
  const db = await openDatabase({ databaseUrl, dataDir: resolve(dataDir), lockWaitSeconds })
  try {
    await migrate(db, resolve('supabase/migrations'))
    // Only confirmed places have given consent (docs/product.md §4.5): write only to those. The
    // export is audited as the Launch tool's is, under the terminal's user.
    // A page at a time as the database writes it, written as stdout takes it (export-stream.ts).
    let exported = 0
    let confirmed = 0
    async function* counted() {
      for await (const page of sqlOperatorStore(db).waitlistExport(terminalActor())) {
        exported += page.rows
        confirmed += page.confirmed
        yield page
      }
    }
    await pipeline(exportStream(counted()), process.stdout, { end: false })
    console.error(`${exported} sign-ups exported from ${db.kind}, ${confirmed} of them confirmed.`)
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(failureMessage(error))
  process.exit(1)
})
