import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { text } from './request-values.ts'
import { parsedWithZod } from './zod-routes.ts'

async function appWithSchemas() {
  const app = Fastify()
  await app.register(async (scope) => {
    const routes = parsedWithZod(scope)
    routes.post(
      '/things/:id',
      {
        schema: {
          params: z.strictObject({ id: z.uuid() }),
          querystring: z.strictObject({ page: z.coerce.number().int().min(1).default(1) }),
          body: z.strictObject({ name: text(20) }),
        },
      },
      // What the handler sees is what the schemas parsed: a number, a trimmed name.
      async (request) => ({ id: request.params.id, page: request.query.page, name: request.body.name }),
    )
    routes.get('/broken', async () => {
      throw new Error('relation "secret" does not exist')
    })
  })
  return app
}

const id = '6f1c1d2e-7c1b-4e0e-9d0a-2b8c3f1e5a77'

describe('parsedWithZod', () => {
  it('hands the handler the parsed values', async () => {
    const app = await appWithSchemas()
    const response = await app.inject({ method: 'POST', url: `/things/${id}?page=2`, payload: { name: '  Ana ' } })
    expect(response.json()).toEqual({ id, page: 2, name: 'Ana' })
  })

  it.each([
    ['a malformed id', `/things/not-an-id`, { name: 'Ana' }, /id/],
    ['a page that is no number', `/things/${id}?page=%00`, { name: 'Ana' }, /page/],
    ['an unknown parameter', `/things/${id}?colour=red`, { name: 'Ana' }, /colour/],
    ['a NUL in the body', `/things/${id}`, { name: 'a\u0000b' }, /NUL/],
    ['no body at all', `/things/${id}`, undefined, /object/],
  ])('answers %s 400 with the reason, in the Launch tool’s shape', async (_case, url, payload, reason) => {
    const app = await appWithSchemas()
    const response = await app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json<object>())).toEqual(['error'])
    expect(response.json<{ error: string }>().error).toMatch(reason)
  })

  it('leaves every other error to the answer without internals', async () => {
    const app = await appWithSchemas()
    const response = await app.inject({ url: '/broken' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('secret')
  })
})
