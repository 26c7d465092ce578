/**
 * The Launch tool's invite-wave routes (docs/launch-api.md): who is next, a wave sent, the waves
 * and their people, an activation marked by hand. People level (docs/decisions/0060-two-access-levels.md);
 * the tool's API names the Studio user each call is for.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ZodRoutes } from '../http/zod-routes.ts'
import { MAX_WAVE, type InviteAdmin } from './invite-admin.ts'
import { PEOPLE } from '../operator/launch-access.ts'

export interface InviteRoutesOptions {
  admin: InviteAdmin
  actorOf: (request: FastifyRequest) => string
}

const count = z.coerce.number().int().min(1).max(MAX_WAVE)
const nextQuery = z.strictObject({ count: count.default(50) })
const newWave = z.strictObject({ id: z.uuid(), count })
const idParams = z.strictObject({ id: z.uuid() })

export function registerInviteRoutes(app: ZodRoutes, { admin, actorOf }: InviteRoutesOptions) {
  app.get('/invites/next', { ...PEOPLE, schema: { querystring: nextQuery } }, async (request) =>
    admin.preview(actorOf(request), request.query.count),
  )

  app.post('/invites/waves', { ...PEOPLE, schema: { body: newWave } }, async (request, reply) => {
    const actor = actorOf(request)
    const sent = await admin.sendWave(actor, request.body.id, request.body.count)
    if (!sent.repeated)
      request.log.info({ actor, wave: sent.wave.id, invited: sent.wave.invited }, 'Launch tool: a wave was sent')
    return reply.code(sent.repeated ? 200 : 201).send(sent)
  })

  app.get('/invites/waves', PEOPLE, async () => ({ waves: await admin.waves() }))

  app.get('/invites/waves/:id', { ...PEOPLE, schema: { params: idParams } }, async (request, reply) => {
    const people = await admin.people(actorOf(request), request.params.id)
    return people ? { people } : reply.code(404).send({ error: 'No such wave.' })
  })

  app.post('/invites/people/:id/activate', { ...PEOPLE, schema: { params: idParams } }, async (request, reply) => {
    const marked = await admin.markActivated(actorOf(request), request.params.id)
    return marked ? reply.code(204).send() : reply.code(404).send({ error: 'This person was never invited.' })
  })
}
