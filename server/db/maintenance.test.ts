// The server's upkeep of its database: on a real PGlite, which has no autovacuum, a scheduled vacuum
// gives back the space refused writes leave behind; on both, the search indexes' pending lists are
// merged (server/db/search-pending-lists.integration.test.ts shows what the merge does).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from './database.ts'
import { scheduleStatement, startMaintenance } from './maintenance.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function embedded(): Promise<Database> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pulso-vacuum-'))
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => db.close(),
  )
  return db
}

/** A database that only notes the statements it is given. */
const recording = (kind: Database['kind']) => {
  const queries: string[] = []
  const db = { kind, query: async (text: string) => void queries.push(text) } as unknown as Database
  return { db, queries }
}

const tableBytes = async (db: Database) =>
  (await db.query<{ bytes: number }>(`select pg_relation_size('attempts')::int as bytes`)).rows[0]?.bytes ?? 0

describe('scheduleStatement', () => {
  it('gives back the space of rolled-back writes at once', async () => {
    const db = await embedded()
    await db.query('create table attempts (payload text)')
    for (let i = 0; i < 5; i++) {
      await db
        .transaction(async (tx) => {
          await tx.query(`insert into attempts select repeat('x', 400) from generate_series(1, 5000)`)
          throw new Error('refused')
        })
        .catch(() => undefined)
    }
    const bloated = await tableBytes(db)
    expect(bloated).toBeGreaterThan(1_000_000)

    const schedule = scheduleStatement(db, 'vacuum', 60_000, (error) => {
      throw error
    })
    cleanups.push(() => schedule.stop())
    await schedule.idle()
    expect(await tableBytes(db)).toBeLessThan(bloated / 100)
  })

  it('runs again every interval, one at a time, and stops', async () => {
    vi.useFakeTimers()
    const { db, queries } = recording('pglite')
    const schedule = scheduleStatement(db, 'vacuum', 1000, () => undefined)
    await schedule.idle()
    expect(queries).toEqual(['vacuum'])
    await vi.advanceTimersByTimeAsync(3000)
    expect(queries).toEqual(['vacuum', 'vacuum', 'vacuum', 'vacuum'])
    await schedule.stop()
    await vi.advanceTimersByTimeAsync(3000)
    expect(queries).toHaveLength(4)
  })
})

describe('startMaintenance', () => {
  const MERGE = 'select operator.merge_search_pending_lists()'
  const log = { error: () => undefined } as unknown as FastifyBaseLogger

  it('vacuums the embedded database and merges its search lists', async () => {
    const { db, queries } = recording('pglite')
    const maintenance = startMaintenance(db, log)
    await maintenance.stop()
    expect(queries.sort()).toEqual([MERGE, 'vacuum'])
  })

  it('leaves vacuuming to PostgreSQL and merges its search lists every ten seconds', async () => {
    vi.useFakeTimers()
    const { db, queries } = recording('postgres')
    const maintenance = startMaintenance(db, log)
    await vi.advanceTimersByTimeAsync(20_000)
    await maintenance.stop()
    expect(queries).toEqual([MERGE, MERGE, MERGE])
  })

  it('logs a failed merge and tries again at the next turn', async () => {
    vi.useFakeTimers()
    const errors: unknown[] = []
    let calls = 0
    const db = {
      kind: 'postgres',
      query: async () => {
        calls += 1
        if (calls === 1) throw new Error('database away')
      },
    } as unknown as Database
    const maintenance = startMaintenance(db, {
      error: (fields: unknown) => void errors.push(fields),
    } as unknown as FastifyBaseLogger)
    await vi.advanceTimersByTimeAsync(10_000)
    await maintenance.stop()
    expect(calls).toBe(2)
    expect(errors).toEqual([{ err: new Error('database away') }])
  })
})
