import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './server/db/database.ts'
import { migrate } from './server/db/migrate.ts'
const dataDir = await mkdtemp(join(tmpdir(), 'dbg-'))
const db = await openDatabase({ databaseUrl: undefined, dataDir })
await migrate(db, 'supabase/migrations')
for (let i = 0; i < 5; i++) { const t = performance.now(); await db.query(`select public.analytics_salts(now(), md5(random()::text))`); console.log('salts', (performance.now() - t).toFixed(1)) }
for (let i = 0; i < 3; i++) { const t = performance.now(); await db.query(`select 1`); console.log('select1', (performance.now() - t).toFixed(1)) }
await db.close()
