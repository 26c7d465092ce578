import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { FUNCTION_BODY_DEPTH, FUNCTION_BODY_LIMIT, functionRoutes } from './function-routes.ts'

async function gateway() {
  const app = Fastify()
  await app.register(functionRoutes, {
    anonKey: 'anon',
    functions: { echo: async (request) => new Response(`${request.method} ${await request.text()}`) },
  })
  return app
}

describe('the function gateway', () => {
  it('calls a function by its name', async () => {
    const response = await (
      await gateway()
    ).inject({ method: 'POST', url: '/functions/v1/echo', headers: { apikey: 'anon' }, body: 'hi' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('POST hi')
  })

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'missing'])(
    'answers %s as a function it does not have',
    async (name) => {
      const response = await (
        await gateway()
      ).inject({ method: 'POST', url: `/functions/v1/${name}`, headers: { apikey: 'anon' } })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' })
    },
  )

  it('refuses TRACE, which fetch cannot carry to a function, with a 405', async () => {
    const response = await (await gateway()).inject({ method: 'TRACE', url: '/functions/v1/echo', headers: { apikey: 'anon' } })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toMatch(/POST/)
    expect(response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
  })

  it('refuses a body larger than any function call with a 413, before a function sees it', async () => {
    const response = await (
      await gateway()
    ).inject({
      method: 'POST',
      url: '/functions/v1/echo',
      headers: { apikey: 'anon', 'content-type': 'application/json' },
      body: `"${'a'.repeat(FUNCTION_BODY_LIMIT)}"`,
    })
    expect(response.statusCode).toBe(413)
  })

  it('refuses JSON nested deeper than any function call with a 400, before a function sees it', async () => {
    const call = async (levels: number) =>
      (await gateway()).inject({
        method: 'POST',
        url: '/functions/v1/echo',
        headers: { apikey: 'anon', 'content-type': 'application/json' },
        body: `${'['.repeat(levels)}"]]]]"${']'.repeat(levels)}`,
      })
    const deep = await call(FUNCTION_BODY_DEPTH + 1)
    expect(deep.statusCode).toBe(400)
    expect(deep.json()).toMatchObject({ code: 'BODY_TOO_DEEP' })
    expect((await call(FUNCTION_BODY_DEPTH)).statusCode).toBe(200)
  })
})
