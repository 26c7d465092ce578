import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'

describe('freePort', () => {
  it('gives a port the kernel never hands out by itself, and that a server can take', async () => {
    const [low, high] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number)
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()))
    expect(ports.filter((port) => port >= low! && port <= high!)).toEqual([])

    const server = createServer()
    await new Promise<void>((listening) => server.listen(ports[0], '127.0.0.1', listening))
    await new Promise((closed) => server.close(closed))
  })
})
