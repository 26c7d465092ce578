// The embedded database admits one process at a time, and a crashed process never leaves it
// locked: real processes hold it, one of them killed with SIGKILL.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { eventually } from '../../test/eventually.ts'
import { openDatabase } from './database.ts'

/**
 * Opens the embedded database in DATA_DIR, writes a row, prints `ready <pid>` and stays; with
 * BLOCK_MS, its event loop is then blocked that long (as a busy process's may be), so its lock
 * goes unrefreshed meanwhile.
 */
const HOLDER = `
const { openDatabase } = await import(process.env.DATABASE_MODULE)
const db = await openDatabase({ databaseUrl: undefined, dataDir: process.env.DATA_DIR })
await db.query('create table marks (n int)')
await db.query('insert into marks values (1)')
console.log('ready ' + process.pid)
const blockedUntil = Date.now() + Number(process.env.BLOCK_MS ?? 0)
while (Date.now() < blockedUntil) {}
setInterval(() => {}, 1 << 30)
`

type Cleanup = (work: () => Promise<void>) => void

async function freshDataDir(cleanup: Cleanup): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pulso-db-lock-'))
  cleanup(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/**
 * Starts the holder, through a shell that then becomes `sleep` when `unreaped`: a parent that
 * never waits for its child, so the holder, once killed, stays a zombie with its pid.
 */
async function startHolder(
  dataDir: string,
  { unreaped, blockMs = 0 }: { unreaped: boolean; blockMs?: number },
  cleanup: Cleanup,
): Promise<number> {
  const node = `"${process.execPath}" --input-type=module -e "$HOLDER"`
  const child = spawn('sh', ['-c', unreaped ? `${node} & exec sleep 600` : `exec ${node}`], {
    env: {
      ...process.env,
      HOLDER,
      DATABASE_MODULE: pathToFileURL(resolve(import.meta.dirname, 'database.ts')).href,
      DATA_DIR: dataDir,
      BLOCK_MS: String(blockMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((done, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const ready = /ready (\d+)/.exec(output)
      if (ready) done(Number(ready[1]))
    })
    child.once('exit', (code, signal) => fail(new Error(`the holder exited (${code ?? signal}) before it was ready:\n${output}`)))
  })
}

const processState = async (pid: number) =>
  (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).replace(/^.*\) /s, '').charAt(0)

// Concurrent: the first waits for a live holder to let go, and each has a directory of its own. Each
// opens PGlite once or twice (its WebAssembly compiled each time): on a busy machine that alone takes
// a minute, so the bound is a hang's, not a speed.
describe.concurrent('the embedded database’s lock', () => {
  it(
    'stops a second process with a clear message while a live process holds it, even one too busy to refresh it',
    { timeout: 180_000 },
    async ({ onTestFinished }) => {
      const dataDir = await freshDataDir(onTestFinished)
      const holder = await startHolder(dataDir, { unreaped: false, blockMs: 5_000 }, onTestFinished)
      const error: unknown = await openDatabase({ databaseUrl: undefined, dataDir }).catch((err: unknown) => err)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toMatch(
        new RegExp(
          `^The embedded database in .*pglite is in use by process ${holder} \\(a running server\\?\\)\\. Stop it first`,
        ),
      )
      expect(await processState(holder)).not.toBe('Z')
    },
  )

  it(
    'is taken over after its holder was killed with SIGKILL, even before the dead process is reaped',
    { timeout: 180_000 },
    async ({ onTestFinished }) => {
      const dataDir = await freshDataDir(onTestFinished)
      const holder = await startHolder(dataDir, { unreaped: true }, onTestFinished)
      process.kill(holder, 'SIGKILL')
      await eventually(
        () => processState(holder),
        (state) => state === 'Z',
      )

      const db = await openDatabase({ databaseUrl: undefined, dataDir })
      try {
        expect(await processState(holder)).toBe('Z')
        expect((await db.query<{ n: number }>('select n from marks')).rows).toEqual([{ n: 1 }])
      } finally {
        await db.close()
      }
    },
  )

  it(
    'is let go when the database in it cannot be opened, and the caller is told why',
    { timeout: 180_000 },
    async ({ onTestFinished }) => {
      const dataDir = await freshDataDir(onTestFinished)
      await mkdir(join(dataDir, 'pglite'))
      await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), 'not a version\n')
      const open = () => openDatabase({ databaseUrl: undefined, dataDir }).catch((err: unknown) => err)
      expect(await open()).toMatchObject({ message: 'PGlite failed to initialize properly' })
      // Still held, the lock would make this one "in use by process …" instead.
      expect(await open()).toMatchObject({ message: 'PGlite failed to initialize properly' })
    },
  )

  it('is free again as soon as its holder closes the database', { timeout: 180_000 }, async ({ onTestFinished }) => {
    const dataDir = await freshDataDir(onTestFinished)
    const first = await openDatabase({ databaseUrl: undefined, dataDir })
    await first.close()
    const second = await openDatabase({ databaseUrl: undefined, dataDir })
    await second.close()
  })
})
