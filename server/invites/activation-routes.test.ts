import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { activationRoutes } from './activation-routes.ts'
import type { InviteAdmin } from './invite-admin.ts'

const KEY = 'an-activation-key-of-at-least-32-characters'
const CODE = '0123456789abcdef0123456789abcdef'

async function appWith(key: string | undefined, outcome: 'activated' | 'already' | null = 'activated') {
  const activate = vi.fn(async () => outcome)
  const app = Fastify()
  await app.register(activationRoutes, {
    admin: { activate } as unknown as InviteAdmin,
    key,
    rate: { maxHits: 3, perSeconds: 60 },
  })
  const call = (body: unknown, authorization = `Bearer ${KEY}`) =>
    app.inject({ method: 'POST', url: '/api/invites/activate', headers: { authorization }, payload: body as object })
  return { app, activate, call }
}

describe('the product’s activation call', () => {
  it('marks the invitation with the code, with the key as the bearer', async () => {
    const { call, activate } = await appWith(KEY)
    const answer = await call({ code: CODE })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ status: 'activated' })
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(activate).toHaveBeenCalledWith(CODE)
  })

  it('refuses a missing or wrong key before looking the code up', async () => {
    const { call, activate } = await appWith(KEY)
    expect((await call({ code: CODE }, '')).statusCode).toBe(401)
    expect((await call({ code: CODE }, `Bearer ${KEY}x`)).statusCode).toBe(401)
    expect((await call({ code: CODE }, KEY)).statusCode).toBe(401)
    expect(activate).not.toHaveBeenCalled()
  })

  it('says what is wrong with a code, and 404 for one no invitation has', async () => {
    const { call } = await appWith(KEY, null)
    expect((await call({ code: 'ABC' })).json().error).toMatch(/32 hex digits/)
    expect((await call({ code: CODE, extra: 1 })).statusCode).toBe(400)
    expect((await call({ code: CODE })).statusCode).toBe(404)
  })

  it('is off, and says how to turn it on, without a key', async () => {
    const { call } = await appWith(undefined)
    const answer = await call({ code: CODE })
    expect(answer.statusCode).toBe(503)
    expect(answer.json().error).toMatch(/INVITE_ACTIVATION_KEY/)
  })

  it('limits each client address', async () => {
    const { call } = await appWith(KEY)
    const statuses = []
    for (let i = 0; i < 4; i += 1) statuses.push((await call({ code: CODE })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})
