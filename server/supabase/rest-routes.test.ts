import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/database.ts'
import { restRoutes } from './rest-routes.ts'

describe('the PostgREST stand-in', () => {
  it('refuses to start when its public inserts would not run as role anon', async () => {
    // As behind a pooler that drops the connections' startup option: the server's own user answers.
    const answer = async <Row>() => ({ rows: [{ role: 'pulso' }] as Row[] })
    const db = { kind: 'postgres', query: answer, queryAsAnon: answer } as unknown as Database
    const app = Fastify()
    await expect(app.register(restRoutes, { db, anonKey: 'anon' }).ready()).rejects.toThrow(
      /Public inserts must run as role anon, but ran as pulso/,
    )
  })
})
