import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { contentLimits } from './content-limits.ts'

const TOKEN = 'viewer-token-for-the-limits-test'
const twoPerMinute = { maxHits: 2, perSeconds: 60 }

let app: FastifyInstance
afterEach(() => app.close())

/** The three endpoints in the limits' scope (as app.ts declares them), and the page outside it. */
async function appWithLimits() {
  app = Fastify({ trustProxy: true })
  await app.register(async (content) => {
    await content.register(contentLimits, {
      rate: { query: twoPerMinute, images: twoPerMinute, live: { maxHits: 1, perSeconds: 60 } },
      viewerToken: TOKEN,
    })
    content.get('/v:apiVersion/data/query/:dataset', async () => ({ result: 1 }))
    content.get('/images/:projectId/:dataset/:file', async () => 'image')
    content.get('/v:apiVersion/data/live/events/:dataset', async () => 'stream')
  })
  app.get('/', async () => 'page')
  return app
}

const get = (url: string, client = '203.0.113.7', headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { 'x-forwarded-for': client, ...headers } })

describe('contentLimits', () => {
  it('answers 429 with Retry-After once an address is over its rate, and counts each address apart', async () => {
    await appWithLimits()
    expect((await get('/v1/data/query/production')).statusCode).toBe(200)
    expect((await get('/v2025-02-19/data/query/production')).statusCode).toBe(200)
    const refused = await get('/v1/data/query/production')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/Too many requests from this address/) })
    expect((await get('/v1/data/query/production', '198.51.100.1')).statusCode).toBe(200)
  })

  it('counts each endpoint apart, with its own limit', async () => {
    await appWithLimits()
    for (const url of ['/v1/data/query/production', '/v1/data/query/production']) expect((await get(url)).statusCode).toBe(200)
    expect((await get('/images/local/production/a-1x1.png')).statusCode).toBe(200)
    expect((await get('/v1/data/live/events/production')).statusCode).toBe(200)
    expect((await get('/v1/data/live/events/production')).statusCode).toBe(429)
  })

  it('counts an IPv6 client per /64', async () => {
    await appWithLimits()
    expect((await get('/images/local/production/a-1x1.png', '2001:db8:1:2::1')).statusCode).toBe(200)
    expect((await get('/images/local/production/a-1x1.png', '2001:db8:1:2::ffff')).statusCode).toBe(200)
    expect((await get('/images/local/production/a-1x1.png', '2001:db8:1:2:abcd::9')).statusCode).toBe(429)
    expect((await get('/images/local/production/a-1x1.png', '2001:db8:1:3::1')).statusCode).toBe(200)
  })

  it('does not count requests with the viewer token, nor routes outside its scope', async () => {
    await appWithLimits()
    const viewer = { authorization: `Bearer ${TOKEN}` }
    for (let i = 0; i < 5; i++) {
      expect((await get('/v1/data/query/production', undefined, viewer)).statusCode).toBe(200)
      expect((await get('/')).statusCode).toBe(200)
    }
    const wrongToken = { authorization: `Bearer ${TOKEN}x` }
    for (const expected of [200, 200, 429]) {
      expect((await get('/v1/data/query/production', undefined, wrongToken)).statusCode).toBe(expected)
    }
  })
})
