import Fastify from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createVisitorLoad } from './visitor-load.ts'

/** A route that answers only when told to, its requests tracked as the sign-up routes are. */
function setup() {
  const visitors = createVisitorLoad()
  const app = Fastify()
  let answer: () => void = () => undefined
  app.addHook('onRequest', async (_request, reply) => visitors.track(reply.raw))
  app.post('/rest/v1/waitlist', () => new Promise<string>((resolve) => (answer = () => resolve('ok'))))
  return { app, visitors, answer: () => answer() }
}

describe('createVisitorLoad', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => close?.())

  it('is busy exactly while a request is being answered', async () => {
    const { app, visitors, answer } = setup()
    close = () => app.close()
    expect(visitors.busy()).toBe(false)
    const response = app.inject({ method: 'POST', url: '/rest/v1/waitlist' })
    await vi.waitFor(() => expect(visitors.busy()).toBe(true))
    answer()
    expect((await response).statusCode).toBe(200)
    expect(visitors.busy()).toBe(false)
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
})
