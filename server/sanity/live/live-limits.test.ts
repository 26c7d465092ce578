// The live stream's bounds: streams per address and in total, and idle streams ended.
import type { Socket } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { EventSource } from 'eventsource'
import { afterEach, describe, expect, it } from 'vitest'
import { liveRoutes } from './live-routes.ts'
import type { ContentChanges } from '../seed-changes.ts'

/** Content that never changes, and a way to announce one change. */
function quietChanges() {
  const listeners = new Set<(version: string) => void>()
  const changes: ContentChanges = {
    currentVersion: () => 'v1',
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    close: () => undefined,
  }
  return { changes, announce: (version: string) => listeners.forEach((listener) => listener(version)) }
}

let app: FastifyInstance
let url: string
/** The server's side of each connection, in the order they came. */
let connections: Socket[] = []
const opened: AbortController[] = []
afterEach(async () => {
  for (const stream of opened.splice(0)) stream.abort()
  await app.close()
})

async function startLive(streams: { perClient: number; total: number; idleMs: number }, changes = quietChanges().changes) {
  app = Fastify({ trustProxy: true })
  connections = []
  app.server.on('connection', (socket: Socket) => connections.push(socket))
  await app.register(liveRoutes, { changes, dataset: 'production', streams })
  url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/v2025-02-19/data/live/events/production`
}

/** Opens a stream as `client`; resolves once the answer's headers are in. */
async function open(client: string): Promise<Response> {
  const stream = new AbortController()
  opened.push(stream)
  return fetch(url, { headers: { 'x-forwarded-for': client }, signal: stream.signal })
}

describe('live stream bounds', () => {
  it('holds at most perClient streams per address: 429 with Retry-After, and room again once one closes', async () => {
    await startLive({ perClient: 2, total: 100, idleMs: 600_000 })
    const [first, second] = [await open('203.0.113.7'), await open('203.0.113.7')]
    expect([first.status, second.status]).toEqual([200, 200])
    const refused = await open('203.0.113.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ error: { description: 'This address already has 2 live streams open' } })
    expect((await open('198.51.100.1')).status).toBe(200)

    // Once the server has seen the first stream's connection close, the address has room again.
    const [firstConnection] = connections
    const gone = new Promise((done) => firstConnection?.once('close', done))
    opened[0]?.abort()
    await gone
    expect((await open('203.0.113.7')).status).toBe(200)
  })

  it('holds at most `total` streams in all: 503 with Retry-After', async () => {
    await startLive({ perClient: 5, total: 2, idleMs: 600_000 })
    expect((await open('203.0.113.1')).status).toBe(200)
    expect((await open('203.0.113.2')).status).toBe(200)
    const refused = await open('203.0.113.3')
    expect(refused.status).toBe(503)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('ends a stream that sent no event for idleMs, after its events', async () => {
    const { changes, announce } = quietChanges()
    await startLive({ perClient: 5, total: 5, idleMs: 200 }, changes)
    const stream = await open('203.0.113.7')
    announce('v2')
    // The body ends: the server closed the stream by itself.
    const text = await stream.text()
    expect(text).toContain('event: welcome')
    expect(text).toContain('event: message')
  })

  it('lets EventSource, as the page uses it, open a new stream by itself after an idle one ends', async () => {
    await startLive({ perClient: 5, total: 5, idleMs: 100 })
    const source = new EventSource(url)
    let welcomes = 0
    await new Promise<void>((reconnected) =>
      source.addEventListener('welcome', () => {
        welcomes += 1
        if (welcomes === 2) reconnected()
      }),
    )
    source.close()
    expect(welcomes).toBe(2)
  })
})
