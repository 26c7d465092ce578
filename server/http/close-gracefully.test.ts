// A real process with an app, stopped with SIGTERM: it closes and exits 0, or, when closing is
// stuck, gives up after the timeout and exits 1, saying so in the log.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/** An app whose close hangs (and is given 200 ms) when STUCK is set; prints `ready` once it listens. */
const PROCESS = `
const { default: Fastify } = await import('fastify')
const { pino } = await import('pino')
const { closeGracefully } = await import(process.env.MODULE)
const app = Fastify({ loggerInstance: pino() })
if (process.env.STUCK) app.addHook('onClose', () => new Promise(() => {}))
closeGracefully(app, ...(process.env.STUCK ? [200] : []))
await app.listen({ port: 0, host: '127.0.0.1' })
console.log('ready')
`

async function stopWithSigterm({ stuck }: { stuck: boolean }) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROCESS], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      MODULE: pathToFileURL(resolve(import.meta.dirname, 'close-gracefully.ts')).href,
      ...(stuck ? { STUCK: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  let stopped = false
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.includes('ready\n') && !stopped) {
      stopped = true
      child.kill('SIGTERM')
    }
  })
  // 'close', not 'exit': the last lines of the log may still be in the pipe when the process exits.
  const [code] = (await once(child, 'close')) as [number | null]
  const log = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; [field: string]: unknown })
  return { code, log }
}

describe('closeGracefully', () => {
  it('closes the app on SIGTERM and exits 0', async () => {
    const { code, log } = await stopWithSigterm({ stuck: false })
    expect(code).toBe(0)
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'closing', signal: 'SIGTERM' }),
        expect.objectContaining({ msg: 'closed' }),
      ]),
    )
  })

  it('gives up on a close that does not finish, exits 1 and logs why', async () => {
    const { code, log } = await stopWithSigterm({ stuck: true })
    expect(code).toBe(1)
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'closing', signal: 'SIGTERM' }),
        expect.objectContaining({ msg: 'closing took too long, exiting without waiting for it', timeoutMs: 200 }),
      ]),
    )
    expect(log.map((line) => line.msg)).not.toContain('closed')
  })
})
