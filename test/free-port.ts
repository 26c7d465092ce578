import { randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'

/** Where the kernel picks ports for `listen(0)` and for outgoing connections (Linux's own default otherwise). */
async function ephemeralRange(): Promise<[number, number]> {
  const text = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768 60999')
  const [low = 32768, high = 60999] = text.trim().split(/\s+/).map(Number)
  return [low, high]
}

/** Whether a server can listen on `port` of 127.0.0.1 right now. */
function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a process the caller starts.
 * Outside the kernel's ephemeral range: a port from inside it could be handed, between this probe
 * and the process's own bind, to another test's `listen(0)`, whose server would then answer for
 * the process (one CI run lost a webhook sender that way, and the other test a connection).
 */
export async function freePort(): Promise<number> {
  const [low, high] = await ephemeralRange()
  const [from, to] = low - 10_000 >= 65_535 - high ? [10_000, low] : [high + 1, 65_536]
  for (let tries = 0; tries < 100; tries += 1) {
    const port = randomInt(from, to)
    if (await canListenOn(port)) return port
  }
  throw new Error(`no free port between ${from} and ${to - 1} in 100 tries`)
}
