import Fastify, { type FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { fromContent } from './content-unavailable.ts'
import { answerWithoutInternals } from './error-answers.ts'
import { parsedWithZod } from './zod-routes.ts'

/** What the hosted API's client throws when Sanity is down: its words name the host, for the log only. */
const sanityDown = () => Promise.reject(new Error('connect ECONNREFUSED pulso.api.sanity.io:443'))

function appLogging() {
  const logged: { level: number; msg: string; err?: { message: string } }[] = []
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } } })
  app.setErrorHandler(answerWithoutInternals)
  return { app, logged }
}
const failures = (logged: ReturnType<typeof appLogging>['logged']) => logged.filter((line) => line.level >= 40)

const route = (app: FastifyInstance) => app.get('/content', async () => ({ content: await fromContent(sanityDown()) }))

describe('a content source that does not answer', () => {
  it('is a 502 in the Launch API’s shape saying what to do, its cause logged once and never answered', async () => {
    const { app, logged } = appLogging()
    await app.register(async (scope) => void route(parsedWithZod(scope)))
    const response = await app.inject({ url: '/content' })
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ error: expect.stringMatching(/content source .* try again/) })
    expect(response.body).not.toContain('ECONNREFUSED')
    expect(failures(logged)).toEqual([
      expect.objectContaining({ err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }) }),
    ])
  })

  it('is a 502 under any other error handler too, never a 500', async () => {
    const { app, logged } = appLogging()
    route(app)
    const response = await app.inject({ url: '/content' })
    expect(response.statusCode).toBe(502)
    expect(response.body).not.toContain('ECONNREFUSED')
    expect(failures(logged)).toHaveLength(1)
  })

  it('leaves an answer as it came', async () => {
    await expect(fromContent(Promise.resolve(['update-beta-opens']))).resolves.toEqual(['update-beta-opens'])
  })
})
