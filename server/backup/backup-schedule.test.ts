import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scheduleBackups, type BackupSchedule } from './backup-schedule.ts'
import { snapshotName } from './snapshot-files.ts'
import type { Snapshot } from './take-snapshot.ts'

describe('scheduleBackups', () => {
  let dir: string
  let schedule: BackupSchedule | undefined
  const log = pino({ level: 'silent' })

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pulso-schedule-'))
  })
  afterEach(async () => {
    await schedule?.stop()
    await rm(dir, { recursive: true, force: true })
  })

  /** A snapshot that is only a named file: what the schedule sees of one. */
  const fakeTake =
    (taken: Date[], fail: () => boolean = () => false) =>
    async (): Promise<Snapshot> => {
      if (fail()) throw new Error('the database is away')
      const at = new Date()
      taken.push(at)
      const file = join(dir, snapshotName('postgres', at))
      await writeFile(file, 'a snapshot')
      return { file, bytes: 10, kind: 'postgres', counts: { 'public.waitlist': 1 }, ms: 1 }
    }

  it('takes one at once when there is none, then one a period, keeping the newest few', async () => {
    const taken: Date[] = []
    const results: string[] = []
    schedule = scheduleBackups({ everyMs: 30, keep: 2, dir, take: fakeTake(taken), log, onResult: (r) => results.push(r) })
    await vi.waitFor(() => expect(taken.length).toBeGreaterThanOrEqual(4))
    await schedule.stop()
    expect(results.every((result) => result === 'ok')).toBe(true)
    expect((await readdir(dir)).sort()).toEqual(taken.slice(-2).map((at) => snapshotName('postgres', at)))
  })

  it('waits a period after the newest snapshot in the folder, whoever took it', async () => {
    const newest = new Date()
    await writeFile(join(dir, snapshotName('postgres', newest)), 'taken by hand')
    const taken: Date[] = []
    schedule = scheduleBackups({ everyMs: 300, keep: 5, dir, take: fakeTake(taken), log })
    await vi.waitFor(() => expect(taken.length).toBe(1))
    expect(taken[0]!.getTime() - newest.getTime()).toBeGreaterThanOrEqual(300)
  })

  it('tries again after a tenth of the period when a snapshot fails, and says so', async () => {
    let failures = 2
    const taken: Date[] = []
    const results: string[] = []
    schedule = scheduleBackups({
      everyMs: 100_000,
      keep: 5,
      dir,
      take: fakeTake(taken, () => (failures -= 1) >= 0),
      log,
      onResult: (result) => results.push(result),
    })
    await vi.waitFor(() => expect(results).toEqual(['failed']))
    // The retry is 10 s away: the first failure alone is seen here, and nothing was written.
    expect(taken).toEqual([])
    await schedule.stop()
    schedule = scheduleBackups({
      everyMs: 100,
      keep: 5,
      dir,
      take: fakeTake(taken, () => (failures -= 1) >= 0),
      log,
      onResult: (result) => results.push(result),
    })
    await vi.waitFor(() => expect(results).toEqual(['failed', 'failed', 'ok']))
    expect(taken).toHaveLength(1)
  })
})
