// The embedded database has no autovacuum: the schedule gives back the space refused writes
// leave behind, on a real PGlite.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from './database.ts'
import { scheduleVacuum } from './vacuum.ts'

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

const tableBytes = async (db: Database) =>
  (await db.query<{ bytes: number }>(`select pg_relation_size('attempts')::int as bytes`)).rows[0]?.bytes ?? 0

describe('scheduleVacuum', () => {
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

    const schedule = scheduleVacuum(db, 60_000, (error) => {
      throw error
    })
    cleanups.push(() => schedule.stop())
    await schedule.idle()
    expect(await tableBytes(db)).toBeLessThan(bloated / 100)
  })

  it('runs again every interval, one at a time, and stops', async () => {
    vi.useFakeTimers()
    const queries: string[] = []
    const db = { query: async (text: string) => void queries.push(text) } as unknown as Database
    const schedule = scheduleVacuum(db, 1000, () => undefined)
    await schedule.idle()
    expect(queries).toEqual(['vacuum'])
    await vi.advanceTimersByTimeAsync(3000)
    expect(queries).toEqual(['vacuum', 'vacuum', 'vacuum', 'vacuum'])
    await schedule.stop()
    await vi.advanceTimersByTimeAsync(3000)
    expect(queries).toHaveLength(4)
  })
})
