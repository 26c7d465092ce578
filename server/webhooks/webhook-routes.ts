/**
 * The Launch tool's webhook routes (docs/launch-api.md): endpoints, their secrets and deliveries.
 * People level (an endpoint receives every future sign-up's address); the tool's API names the
 * Studio user each call is for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { endpointUrlRefusal } from '../../supabase/functions/_shared/webhooks/endpoint-address.ts'
import { WEBHOOK_EVENT_TYPES, type WebhookAdmin } from './webhook-admin.ts'
import { PEOPLE } from '../operator/launch-access.ts'

export interface WebhookRoutesOptions {
  admin: WebhookAdmin
  actorOf: (request: FastifyRequest) => string
  /** WEBHOOK_ALLOW_PRIVATE: loopback endpoints over plain http are accepted. */
  allowPrivate: boolean
}

/** How long the secret before a rotation keeps signing: a day for receivers to switch. */
export const ROTATION_OVERLAP_SECONDS = 24 * 3600
const DELIVERIES_SHOWN = 50

const events = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'choose at least one event').max(4)
const description = z.string().trim().max(500)
const newEndpoint = z.strictObject({ url: z.string().trim().min(1).max(2000), description: description.default(''), events })
const change = z.strictObject({ description: description.optional(), events: events.optional(), enabled: z.boolean().optional() })
const endpointParams = z.strictObject({ id: z.uuid() })
const deliveryParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

const NO_ENDPOINT = { error: 'No such webhook endpoint.' }

export function registerWebhookRoutes(app: FastifyInstance, { admin, actorOf, allowPrivate }: WebhookRoutesOptions) {
  app.get('/webhooks', PEOPLE, async () => ({ endpoints: await admin.endpoints(), events: WEBHOOK_EVENT_TYPES }))

  app.post('/webhooks', PEOPLE, async (request, reply) => {
    const body = newEndpoint.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ error: z.prettifyError(body.error) })
    const refusal = endpointUrlRefusal(body.data.url, allowPrivate)
    if (refusal) return reply.code(400).send({ error: refusal })
    const created = await admin.create(actorOf(request), body.data)
    request.log.info({ actor: actorOf(request), endpoint: created.endpoint.id }, 'Launch tool: webhook endpoint added')
    return reply.code(201).send(created)
  })

  app.post('/webhooks/:id', PEOPLE, async (request, reply) => {
    const params = endpointParams.safeParse(request.params)
    const body = change.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ error: z.prettifyError(body.error) })
    const endpoint = params.success ? await admin.update(actorOf(request), params.data.id, body.data) : null
    return endpoint ? { endpoint } : reply.code(404).send(NO_ENDPOINT)
  })

  app.post('/webhooks/:id/rotate', PEOPLE, async (request, reply) => {
    const params = endpointParams.safeParse(request.params)
    const rotated = params.success ? await admin.rotate(actorOf(request), params.data.id, ROTATION_OVERLAP_SECONDS) : null
    return rotated ?? reply.code(404).send(NO_ENDPOINT)
  })

  app.delete('/webhooks/:id', PEOPLE, async (request, reply) => {
    const params = endpointParams.safeParse(request.params)
    const removed = params.success && (await admin.remove(actorOf(request), params.data.id))
    return removed ? reply.code(204).send() : reply.code(404).send(NO_ENDPOINT)
  })

  app.get('/webhooks/:id/deliveries', PEOPLE, async (request, reply) => {
    const params = endpointParams.safeParse(request.params)
    if (!params.success) return reply.code(404).send(NO_ENDPOINT)
    return { deliveries: await admin.deliveries(params.data.id, DELIVERIES_SHOWN) }
  })

  app.post('/webhooks/:id/test', PEOPLE, async (request, reply) => {
    const params = endpointParams.safeParse(request.params)
    const eventId = params.success ? await admin.sendTest(actorOf(request), params.data.id) : null
    return eventId ? reply.code(202).send({ eventId }) : reply.code(404).send(NO_ENDPOINT)
  })

  app.post('/webhooks/deliveries/:id/resend', PEOPLE, async (request, reply) => {
    const params = deliveryParams.safeParse(request.params)
    const resent = params.success && (await admin.resend(actorOf(request), params.data.id))
    return resent
      ? reply.code(202).send()
      : reply.code(404).send({ error: 'Nothing to resend: the delivery is still pending, or its person was erased.' })
  })
}
