// Test helper: the real edge functions under Deno, as `supabase functions serve` would run them,
// each on a port of its own, and the keys the Edge Runtime gives every function.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { freePort } from '../free-port.ts'

export const ROOT = resolve(import.meta.dirname, '../..')
const DENO = resolve(ROOT, 'node_modules/.bin/deno')
/** Deno type-strips without --check, but its first start on a slow machine can still take a while. */
export const START_TIMEOUT_MS = 90_000

export interface EdgeFunction {
  url: string
  process: ChildProcess
  output: () => string
}

export async function startFunction(name: string, env: Record<string, string>): Promise<EdgeFunction> {
  const port = await freePort()
  const child = spawn(
    DENO,
    ['run', '--node-modules-dir=manual', '--allow-net', '--allow-env', '--allow-read', `supabase/functions/${name}/index.ts`],
    { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const fn = { url: `http://127.0.0.1:${port}`, process: child, output: () => output }

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Deno function ${name} exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`)
    }
    try {
      await fetch(fn.url, { method: 'OPTIONS', signal: AbortSignal.timeout(2000) })
      return fn // any HTTP answer means it is serving
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`Deno function ${name} did not answer within ${START_TIMEOUT_MS} ms:\n${output}`)
      }
      await new Promise((done) => setTimeout(done, 200))
    }
  }
}

export /** The project's keys, as the Edge Runtime provides them to every function. */
const KEYS = {
  publishable: 'sb_publishable_test_0123456789',
  anon: 'eyJhbGciOiJIUzI1NiJ9.legacy-anon.sig',
  secret: 'sb_secret_test_0123456789',
  serviceRole: 'eyJhbGciOiJIUzI1NiJ9.legacy-service.sig',
}
export async function stopFunction(fn: EdgeFunction | undefined) {
  if (!fn || fn.process.exitCode !== null || fn.process.signalCode !== null) return
  const exited = new Promise((done) => fn.process.once('exit', done))
  fn.process.kill('SIGTERM')
  const timer = setTimeout(() => fn.process.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}
