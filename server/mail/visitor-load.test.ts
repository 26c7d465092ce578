import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { connect } from 'node:net'
import Fastify from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { countAsLoad, createVisitorLoad } from './visitor-load.ts'

/** A route that answers only when told to, its requests counted as the sign-up routes' are. */
function setup() {
  const visitors = createVisitorLoad()
  const app = Fastify()
  let answer: () => void = () => undefined
  let headersArrived: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (headersArrived = resolve))
  app.addHook('onRequest', async () => headersArrived())
  countAsLoad(app, visitors)
  app.post('/rest/v1/waitlist', () => new Promise<string>((resolve) => (answer = () => resolve('ok'))))
  return { app, visitors, answer: () => answer(), arrived }
}

describe('createVisitorLoad', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    vi.useRealTimers()
    await close?.()
  })

  it('is busy exactly while a request is being answered', async () => {
    const { app, visitors, answer } = setup()
    close = () => app.close()
    expect(visitors.busy()).toBe(false)
    const response = app.inject({ method: 'POST', url: '/rest/v1/waitlist', payload: { email: 'a@b.co' } })
    await vi.waitFor(() => expect(visitors.busy()).toBe(true))
    answer()
    expect((await response).statusCode).toBe(200)
    expect(visitors.busy()).toBe(false)
  })

  it('does not count a request whose body has not arrived', async () => {
    const { app, visitors, arrived } = setup()
    close = () => app.close()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const socket = connect(port, '127.0.0.1')
    socket.write('POST /rest/v1/waitlist HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n')
    await arrived
    expect(visitors.busy()).toBe(false)
    socket.destroy()
  })

  it('stops counting a request whose client went away before the answer', async () => {
    const { app, visitors, answer } = setup()
    close = async () => {
      answer()
      await app.close()
    }
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const abort = new AbortController()
    const request = fetch(`${url}/rest/v1/waitlist`, { method: 'POST', signal: abort.signal }).catch(() => undefined)
    await vi.waitFor(() => expect(visitors.busy()).toBe(true))
    abort.abort()
    await request
    await vi.waitFor(() => expect(visitors.busy()).toBe(false))
  })

  it('counts one request for at most its hold time, however long it stays open', () => {
    vi.useFakeTimers()
    const visitors = createVisitorLoad({ maxHoldMs: 2_000 })
    const response = new EventEmitter() as ServerResponse
    visitors.track(response)
    vi.advanceTimersByTime(1_999)
    expect(visitors.busy()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(visitors.busy()).toBe(false)
    // Closing later changes nothing: it was counted once, and released once.
    response.emit('close')
    visitors.track(new EventEmitter() as ServerResponse)
    expect(visitors.busy()).toBe(true)
  })
})
