/**
 * The Launch tool's update routes (docs/launch-api.md): how many an update would reach, an update
 * sent or scheduled, paused and resumed, the updates and their progress. People level: an update
 * mails people (docs/decisions/0060-two-access-levels.md); the tool's API names the Studio user
 * each call is for, and the database audits each count and change under them.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ZodRoutes } from '../http/zod-routes.ts'
import { text } from '../http/request-values.ts'
import { PEOPLE } from '../operator/launch-access.ts'
import type { UpdateAdmin } from './update-admin.ts'

export interface UpdateRoutesOptions {
  admin: UpdateAdmin
  actorOf: (request: FastifyRequest) => string
  /** Tells the sender there is mail to send (a resumed update), rather than wait for its next sweep. */
  kick?: () => void
}

/** A list of 1 to 50 values of a filter key, as updates.check_filter takes it. */
const values = <T extends z.ZodType<string>>(value: T) => z.array(value).min(1).max(50).optional()
const filter = z.strictObject({
  locales: values(z.enum(['pt', 'en'])),
  states: values(z.enum(['waiting', 'invited', 'activated'])),
  sources: values(text(200).min(1)),
  campaigns: values(text(200)),
})
const countBody = z.strictObject({ filter })
/** The Studio's document ids: letters, digits, dots, dashes, underscores (drafts are never sent). */
const documentId = z.string().regex(/^(?!drafts\.)[A-Za-z0-9._-]{1,128}$/, 'a published document’s id')
const newUpdate = z.strictObject({
  id: z.uuid(),
  documentId,
  filter,
  /** When to send it (ISO 8601 with its offset); left out, now. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
})
const idParams = z.strictObject({ id: z.uuid() })

export function registerUpdateRoutes(app: ZodRoutes, { admin, actorOf, kick }: UpdateRoutesOptions) {
  app.post('/updates/count', { ...PEOPLE, schema: { body: countBody } }, async (request) =>
    admin.count(actorOf(request), request.body.filter),
  )

  app.post('/updates', { ...PEOPLE, schema: { body: newUpdate } }, async (request, reply) => {
    const actor = actorOf(request)
    const { id, documentId: document, filter: chosen, sendAt } = request.body
    const sent = await admin.send(actor, { id, documentId: document, filter: chosen, sendAt: sendAt ?? null })
    if (!sent.repeated) {
      request.log.info({ actor, update: id, recipients: sent.update.recipients }, 'Launch tool: an update was sent')
      kick?.()
    }
    return reply.code(sent.repeated ? 200 : 201).send(sent)
  })

  app.get('/updates', PEOPLE, async () => ({ updates: await admin.list() }))

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(`/updates/:id/${action}`, { ...PEOPLE, schema: { params: idParams } }, async (request, reply) => {
      if (!(await admin.setPaused(actorOf(request), request.params.id, paused)))
        return reply.code(404).send({ error: 'No such update still sending.' })
      if (!paused) kick?.()
      return reply.code(204).send()
    })
  }
}
