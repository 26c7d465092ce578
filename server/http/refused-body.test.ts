// A body refused by its declared length, over a real socket (inject() has no connection to close).
// The client sends the body's second half only once the server has refused the request: the order
// in which a busy client's write lands after a server's answer, which made the refusal a broken pipe.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LINGER_MAX_BYTES, lingerOnRefusedBodies } from './refused-body.ts'

const BODY_LIMIT = 1_024

let app: FastifyInstance
let port: number
let refused: () => void = () => undefined
const bodyReadWhenAnswered: boolean[] = []

beforeAll(async () => {
  app = Fastify()
  lingerOnRefusedBodies(app)
  app.addHook('onError', async () => refused())
  app.addHook('onResponse', async (request) => void bodyReadWhenAnswered.push(request.raw.complete))
  app.post('/small', { bodyLimit: BODY_LIMIT }, async () => ({ ok: true }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})

afterAll(() => app.close())

/** Sends a POST of `length` bytes whose second half follows the server's refusal; resolves with what came back. */
async function postInTwoHalves(length: number) {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  const seen = { answer: '', error: undefined as string | undefined }
  socket.on('data', (chunk: Buffer) => (seen.answer += chunk.toString('latin1')))
  socket.on('error', (error: NodeJS.ErrnoException) => (seen.error = error.code))
  const wasRefused = new Promise<void>((resolve) => (refused = resolve))
  const half = 'a'.repeat(length / 2)
  socket.write(`POST /small HTTP/1.1\r\nHost: localhost\r\ncontent-type: text/plain\r\ncontent-length: ${length}\r\n\r\n${half}`)
  await wasRefused
  socket.write(half)
  await once(socket, 'close')
  return seen
}

describe('a body refused by its declared length', () => {
  it('is read to its end before the answer, so a client still writing gets the 413, not a reset', async () => {
    bodyReadWhenAnswered.length = 0
    const seen = await postInTwoHalves(1024 * 1024)
    expect(seen.answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(seen.error).toBeUndefined()
    expect(bodyReadWhenAnswered).toEqual([true])
  })

  it('over the lingering bound, is answered at once and its connection closed', async () => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.write(
      `POST /small HTTP/1.1\r\nHost: localhost\r\ncontent-type: text/plain\r\ncontent-length: ${LINGER_MAX_BYTES + 1}\r\n\r\n`,
    )
    await once(socket, 'close')
    expect(answer).toMatch(/^HTTP\/1\.1 413 [^]*connection: close/i)
  })

  it('leaves every other answer as it was', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/small`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'small',
    })
    expect(response.status).toBe(200)
  })
})
