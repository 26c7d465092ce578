// Test helper: the server as `npm run serve` runs it (`node server/main.ts`), in a process of its
// own that a test can kill with any signal and start again on the same data.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { freePort } from '../free-port.ts'
import { seedFromPgliteTemplate } from '../database/pglite-template.ts'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')

export interface ServerProcess {
  url: string
  pid: number
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** What it wrote to stdout and stderr so far. */
  output(): string
}

export interface ServerSandbox {
  /** Starts `node server/main.ts` with these variables and waits until /healthz answers 200. */
  start(env: Record<string, string>): Promise<ServerProcess>
  /** The data directory every start shares (the embedded database, mail files). */
  dataDir: string
  remove(): Promise<void>
}

/**
 * A working directory for the server: the repository's migrations and seed, a data directory, and
 * a stand-in page build (no `npm run build` needed), since the server finds its build under `dist/`.
 */
export async function serverSandbox(): Promise<ServerSandbox> {
  const cwd = await mkdtemp(join(tmpdir(), 'pulso-process-'))
  await symlink(join(ROOT, 'supabase'), join(cwd, 'supabase'))
  await mkdir(join(cwd, 'dist', 'client'), { recursive: true })
  await mkdir(join(cwd, 'dist', 'server'), { recursive: true })
  await writeFile(join(cwd, 'dist', 'client', 'index.html'), '<html lang="<!--app-lang-->"><!--app-html--></html>')
  await writeFile(
    join(cwd, 'dist', 'server', 'entry-server.js'),
    `export const render = () => ({ status: 200, htmlLang: 'pt-BR', head: '', body: 'Pulso' })\n`,
  )
  const dataDir = join(cwd, 'data')

  return {
    dataDir,
    async start(env) {
      // The embedded database as its first start would leave it (the server migrates it at every start).
      if (!env['DATABASE_URL'] && !env['DATA_DIR']) await seedFromPgliteTemplate(dataDir)
      const port = await freePort()
      const child = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
        cwd,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED_DIR: join(ROOT, 'studio/seed'),
          LOG_LEVEL: 'warn',
          // As `npm run serve` sets it (docs/decisions/0034-two-malloc-arenas.md).
          MALLOC_ARENA_MAX: '2',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
        child.once('exit', (code, signal) => done({ code, signal })),
      )
      const server = { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, exited, output: () => output }
      let ended = false
      void exited.then(() => (ended = true))
      for (;;) {
        if (ended) throw new Error(`the server exited before answering:\n${output}`)
        const healthy = await fetch(`${server.url}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
        if (healthy) return server
        await new Promise((done) => setTimeout(done, 50))
      }
    },
    remove: () => rm(cwd, { recursive: true, force: true }),
  }
}
