import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { healthRoutes, type HealthRoutesOptions } from './health-routes.ts'

async function health(options: HealthRoutesOptions) {
  const app = Fastify()
  await app.register(healthRoutes, options)
  const response = await app.inject({ url: '/healthz' })
  await app.close()
  return { status: response.statusCode, cacheControl: response.headers['cache-control'], body: response.json() as unknown }
}

const ok = async () => undefined
const never = () => new Promise<never>(() => undefined)

describe('GET /healthz', () => {
  it('answers 200 when every part answers', async () => {
    expect(await health({ checks: { content: ok, database: ok } })).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ok', checks: { content: 'ok', database: 'ok' } },
    })
  })

  it('answers 503 naming the part that failed, without its error', async () => {
    const failing = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432')
    }
    const answer = await health({ checks: { content: ok, database: failing } })
    expect(answer).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { status: 'unavailable', checks: { content: 'ok', database: 'failed' } },
    })
    expect(JSON.stringify(answer.body)).not.toContain('ECONNREFUSED')
  })

  it('answers 503 instead of waiting for a part that hangs, or throws before it is awaited', async () => {
    const throwsAtOnce = () => {
      throw new Error('not even a promise')
    }
    expect(await health({ checks: { content: throwsAtOnce, database: never }, timeoutMs: 50 })).toMatchObject({
      status: 503,
      body: { status: 'unavailable', checks: { content: 'failed', database: 'timed out' } },
    })
  })
})
