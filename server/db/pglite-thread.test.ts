// The embedded database runs in a thread of its own: callers get what PGlite answers (rows,
// errors, transactions) as they did when it ran on the main thread, which now stays free meanwhile.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './database.ts'
import { migrate } from './migrate.ts'
import { openPgliteThread } from './pglite-client.ts'

type Cleanup = (work: () => Promise<void>) => void

async function freshDirectory(cleanup: Cleanup): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'pulso-pglite-thread-'))
  cleanup(() => rm(directory, { recursive: true, force: true }))
  return directory
}

const count = async (db: Database, table: string) =>
  (await db.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows

describe('the embedded database, run in its own thread', () => {
  const cleanups: (() => Promise<void>)[] = []
  let db: Database

  beforeAll(async () => {
    const dataDir = await freshDirectory((work) => cleanups.unshift(work))
    db = await openDatabase({ databaseUrl: undefined, dataDir })
    cleanups.unshift(() => db.close())
    // The role a statement may take (anon) comes with the migrations.
    await migrate(db, resolve('supabase/migrations'))
  })

  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup()
  })

  it('answers rows as PGlite makes them: dates, bytes, big integers and JSON, sent and received', async () => {
    const at = new Date('2026-11-23T12:34:56.789Z')
    const bytes = new Uint8Array([0, 1, 255])
    const { rows } = await db.query(
      `select $1::timestamptz as at, $2::bytea as bytes, 9007199254740993::bigint as big, '{"a": [1, null]}'::jsonb as doc`,
      [at, bytes],
    )
    expect(rows).toEqual([{ at, bytes, big: 9007199254740993n, doc: { a: [1, null] } }])
    expect(rows[0]?.at).toBeInstanceOf(Date)
    expect(rows[0]?.bytes).toBeInstanceOf(Uint8Array)
  })

  it('fails a statement with the error PGlite gave: its message, SQLSTATE and details', async () => {
    await db.query('create table unique_marks (n int primary key)')
    await db.query('insert into unique_marks values (1)')
    const error: unknown = await db.query('insert into unique_marks values (1)').catch((err: unknown) => err)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "unique_marks_pkey"',
      code: '23505',
      detail: 'Key (n)=(1) already exists.',
      severity: 'ERROR',
      constraint: 'unique_marks_pkey',
    })
  })

  it('commits a transaction whose statements see each other', async () => {
    await db.query('create table seen_marks (n int)')
    const inside = await db.transaction(async (tx) => {
      await tx.exec('insert into seen_marks values (1); insert into seen_marks values (2)')
      return (await tx.query<{ count: number }>('select count(*)::int as count from seen_marks')).rows
    })
    expect(inside).toEqual([{ count: 2 }])
    expect(await count(db, 'seen_marks')).toEqual([{ count: 2 }])
  })

  it('rolls back a transaction whose work throws, and hands on the very error thrown', async () => {
    await db.query('create table rolled_back_marks (n int)')
    const thrown = new Error('changed my mind')
    const outcome = db.transaction(async (tx) => {
      await tx.query('insert into rolled_back_marks values (1)')
      throw thrown
    })
    await expect(outcome).rejects.toBe(thrown)
    expect(await count(db, 'rolled_back_marks')).toEqual([{ count: 0 }])
  })

  it('hands a statement’s failure to its caller in a transaction, which then rolls back', async () => {
    await db.query('create table halfway_marks (n int primary key)')
    const outcome = db.transaction(async (tx) => {
      await tx.query('insert into halfway_marks values (1)')
      await tx.query('insert into halfway_marks values (1)')
    })
    await expect(outcome).rejects.toMatchObject({ code: '23505', detail: 'Key (n)=(1) already exists.' })
    expect(await count(db, 'halfway_marks')).toEqual([{ count: 0 }])
  })

  it('has a query sent while a transaction is open wait for its commit, then see what it wrote', async () => {
    await db.query('create table queued_marks (n int)')
    let outside: ReturnType<typeof count> | undefined
    let answeredDuringTransaction = false
    await db.transaction(async (tx) => {
      await tx.query('insert into queued_marks values (1)')
      outside = count(db, 'queued_marks')
      void outside.then(() => (answeredDuringTransaction = true))
      // Answered after the query above was sent: had that one not waited, it would be answered by now.
      await tx.query('insert into queued_marks values (2)')
      await tx.query('select 1')
    })
    expect(answeredDuringTransaction).toBe(false)
    expect(await outside).toEqual([{ count: 2 }])
  })

  it('runs a statement as anon when asked, and nothing after it', async () => {
    expect((await db.queryAsAnon('select current_user as role')).rows).toEqual([{ role: 'anon' }])
    expect((await db.query('select current_user as role')).rows).not.toEqual([{ role: 'anon' }])
  })

  it('leaves the event loop free while a statement runs', async () => {
    const events: string[] = []
    // PGlite's pg_sleep keeps its thread busy: on the main thread it held everything up, answer included.
    const answered = db.query('select pg_sleep(0.5)').then(() => events.push('the answer'))
    await new Promise((next) => setImmediate(next))
    events.push('the next turn of the event loop')
    await answered
    expect(events).toEqual(['the next turn of the event loop', 'the answer'])
  })
})

// Each test starts PGlite in a thread of its own: on a busy machine that alone can take half a minute.
describe('the embedded database’s thread', { timeout: 120_000 }, () => {
  it('is closed after the calls made before, and answers none after', async ({ onTestFinished }) => {
    const db = await openPgliteThread(await freshDirectory(onTestFinished))
    const before = db.query<{ done: boolean }>('select pg_sleep(0.2) is not null as done')
    await db.close()
    expect((await before).rows).toEqual([{ done: true }])
    await expect(db.query('select 1')).rejects.toThrow('The embedded database is closed')
  })

  it('fails the calls waiting on it when it stops, and every later one, instead of leaving them hanging', async ({
    onTestFinished,
  }) => {
    const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url))
    const db = await openPgliteThread(await freshDirectory(onTestFinished), worker)
    const waiting = db.query('select pg_sleep(5)')
    await worker.terminate()
    const stopped = 'The embedded database stopped: its thread exited with code 1'
    await expect(waiting).rejects.toThrow(stopped)
    await expect(db.query('select 1')).rejects.toMatchObject({ message: stopped, code: '08006' })
    await expect(db.transaction(async () => undefined)).rejects.toThrow(stopped)
    await db.close()
  })
})
