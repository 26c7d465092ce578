/**
 * The Launch tool's invite-wave routes (docs/launch-api.md): who is next, a wave sent, the waves
 * and their people, an activation marked by hand. People level (docs/decisions/0060-two-access-levels.md);
 * the tool's API names the Studio user each call is for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
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

export function registerInviteRoutes(app: FastifyInstance, { admin, actorOf }: InviteRoutesOptions) {
  app.get('/invites/next', PEOPLE, async (request, reply) => {
    const query = nextQuery.safeParse(request.query)
    if (!query.success) return reply.code(400).send({ error: z.prettifyError(query.error) })
    return admin.preview(actorOf(request), query.data.count)
  })

  app.post('/invites/waves', PEOPLE, async (request, reply) => {
    const body = newWave.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ error: z.prettifyError(body.error) })
    const actor = actorOf(request)
    const sent = await admin.sendWave(actor, body.data.id, body.data.count)
    if (!sent.repeated)
      request.log.info({ actor, wave: sent.wave.id, invited: sent.wave.invited }, 'Launch tool: a wave was sent')
    return reply.code(sent.repeated ? 200 : 201).send(sent)
  })

  app.get('/invites/waves', PEOPLE, async () => ({ waves: await admin.waves() }))

  app.get('/invites/waves/:id', PEOPLE, async (request, reply) => {
    const params = idParams.safeParse(request.params)
    const people = params.success ? await admin.people(actorOf(request), params.data.id) : null
    return people ? { people } : reply.code(404).send({ error: 'No such wave.' })
  })

  app.post('/invites/people/:id/activate', PEOPLE, async (request, reply) => {
    const params = idParams.safeParse(request.params)
    const marked = params.success && (await admin.markActivated(actorOf(request), params.data.id))
    return marked ? reply.code(204).send() : reply.code(404).send({ error: 'This person was never invited.' })
  })
}
