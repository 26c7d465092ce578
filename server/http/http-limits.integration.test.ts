// What the server does with clients that send too much or too slowly, over raw sockets: a body
// over the limit is refused before it has all arrived, and connections that trickle (or send
// nothing) are cut by the request timeout, while everyone else is still served.
import { once } from 'node:events'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { LOCAL_ANON_KEY } from '../../test/server/visitors.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'

const SLOW_CLIENTS = 300

describe('the server’s limits on what clients send', () => {
  let database: ThrowawayDatabase
  let server: TestServer
  let port: number

  beforeAll(async () => {
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    // A short request timeout, so the test does not wait the default 10 s for the slow clients to be cut;
    // room for all of them from this one address (the connection cap has its own test).
    server = await startTestServer({
      DATABASE_URL: database.url,
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      CONNECTIONS_PER_CLIENT: String(SLOW_CLIENTS * 2),
    })
    port = Number(new URL(server.url).port)
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await database?.drop()
  })

  /** A raw connection, with what the server sent back so far and whether it closed it. */
  async function rawClient() {
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    const state = { answer: '', closed: false, socket }
    socket.on('data', (chunk: Buffer) => (state.answer += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => (state.closed = true))
    return state
  }

  const headers = (path: string, extra: string) =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\napikey: ${LOCAL_ANON_KEY}\r\ncontent-type: application/json\r\n${extra}\r\n`

  it.each(['/rest/v1/waitlist', '/functions/v1/send-welcome-email'])(
    'refuses a 10 MB body to %s with 413 as soon as it says how long it is',
    async (path) => {
      const client = await rawClient()
      client.socket.write(headers(path, `content-length: ${10 * 1024 * 1024}\r\n`))
      await new Promise<void>((resolve) => client.socket.once('data', () => resolve()))
      expect(client.answer).toMatch(/^HTTP\/1\.1 413 /)
      client.socket.destroy()
    },
  )

  it('refuses a chunked body with 413 once it passes the limit, before the body has ended', async () => {
    const client = await rawClient()
    const answered = new Promise<void>((resolve) => client.socket.once('data', () => resolve()))
    client.socket.write(headers('/rest/v1/waitlist', 'transfer-encoding: chunked\r\n'))
    // A little over the 1 MiB limit, and then nothing: a body without its last chunk never ends,
    // so an answer can only come from the limit. (Writing on after the answer could lose it to a reset.)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    for (let sent = 0; sent <= 1024 * 1024; sent += chunk.length) {
      client.socket.write(`${chunk.length.toString(16)}\r\n`)
      client.socket.write(chunk)
      client.socket.write('\r\n')
    }
    await answered
    expect(client.answer).toMatch(/^HTTP\/1\.1 413 /)
    client.socket.destroy()
  })

  it(
    `cuts ${SLOW_CLIENTS} slow and idle connections by its request timeout, answering others meanwhile`,
    { timeout: 60_000 },
    async () => {
      const clients = await Promise.all(Array.from({ length: SLOW_CLIENTS }, () => rawClient()))
      // A third send nothing, a third trickle their headers, a third trickle a body they announced.
      clients.forEach((client, i) => {
        if (i % 3 === 1) client.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n')
        if (i % 3 === 2) client.socket.write(headers('/rest/v1/waitlist', 'content-length: 1000\r\n'))
      })
      const trickle = setInterval(() => {
        clients.forEach((client, i) => {
          if (client.closed || i % 3 === 0) return
          client.socket.write(i % 3 === 1 ? 'x' : '{')
        })
      }, 250)
      try {
        const answered = await fetch(`http://127.0.0.1:${port}/healthz`)
        expect(answered.status).toBe(200)
        await Promise.all(clients.map((client) => (client.closed ? undefined : once(client.socket, 'close'))))
      } finally {
        clearInterval(trickle)
      }
      expect(clients.every((client) => client.closed)).toBe(true)
      // Those that had started a request are told why (408); the idle ones are simply closed.
      expect(clients.filter((client, i) => i % 3 !== 0 && /^HTTP\/1\.1 408 /.test(client.answer)).length).toBeGreaterThan(0)
    },
  )
})
