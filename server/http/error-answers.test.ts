import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { answerWithoutInternals } from './error-answers.ts'

async function appThatFails() {
  const logged: unknown[] = []
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } } })
  app.setErrorHandler(answerWithoutInternals)
  app.get('/broken', async () => {
    throw new Error('relation "guard.secret_table" does not exist at /srv/pulso/server/db.ts:42')
  })
  app.get('/unavailable', async () => {
    throw Object.assign(new Error('pool exhausted: 10/10 clients busy'), { statusCode: 503 })
  })
  app.get('/database-away', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
  })
  app.post('/json', async () => 'read')
  return { app, logged }
}

describe('answerWithoutInternals', () => {
  it.each(['/broken', '/unavailable'])('answers a fault at %s without its message, and logs it', async (url) => {
    const { app, logged } = await appThatFails()
    const response = await app.inject({ url })
    expect(response.statusCode).toBeGreaterThanOrEqual(500)
    expect(response.json()).toEqual({
      statusCode: response.statusCode,
      error: expect.any(String) as unknown,
      message: 'The server could not answer this request.',
    })
    expect(response.body).not.toMatch(/guard|srv|pool/)
    expect(JSON.stringify(logged)).toMatch(/guard\.secret_table|pool exhausted/)
  })

  it('answers 503 with a time to try again while the database is away', async () => {
    const { app } = await appThatFails()
    const response = await app.inject({ url: '/database-away' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json().message).toBe('The server could not answer this request.')
  })

  it('keeps the clear message of a refused request', async () => {
    const { app } = await appThatFails()
    const response = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      body: '{',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request' })
    expect(response.json<{ message: string }>().message).toMatch(/not valid JSON/)
  })
})
