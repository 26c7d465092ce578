/**
 * The Launch tool's webhook routes (docs/launch-api.md): endpoints, their secrets and deliveries.
 * People level (an endpoint receives every future sign-up's address); the tool's API names the
 * Studio user each call is for.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { endpointUrlRefusal } from '../../supabase/functions/_shared/webhooks/endpoint-address.ts'
import { text } from '../http/request-values.ts'
import type { ZodRoutes } from '../http/zod-routes.ts'
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
const description = text(500)
const newEndpoint = z.strictObject({ url: text(2000).min(1), description: description.default(''), events })
const change = z.strictObject({ description: description.optional(), events: events.optional(), enabled: z.boolean().optional() })
const endpointParams = z.strictObject({ id: z.uuid() })
const deliveryParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

const NO_ENDPOINT = { error: 'No such webhook endpoint.' }

export function registerWebhookRoutes(app: ZodRoutes, { admin, actorOf, allowPrivate }: WebhookRoutesOptions) {
  app.get('/webhooks', PEOPLE, async () => ({ endpoints: await admin.endpoints(), events: WEBHOOK_EVENT_TYPES }))

  app.post('/webhooks', { ...PEOPLE, schema: { body: newEndpoint } }, async (request, reply) => {
    const refusal = endpointUrlRefusal(request.body.url, allowPrivate)
    if (refusal) return reply.code(400).send({ error: refusal })
    const created = await admin.create(actorOf(request), request.body)
    request.log.info({ actor: actorOf(request), endpoint: created.endpoint.id }, 'Launch tool: webhook endpoint added')
    return reply.code(201).send(created)
  })

  app.post('/webhooks/:id', { ...PEOPLE, schema: { params: endpointParams, body: change } }, async (request, reply) => {
    const endpoint = await admin.update(actorOf(request), request.params.id, request.body)
    return endpoint ? { endpoint } : reply.code(404).send(NO_ENDPOINT)
  })

  app.post('/webhooks/:id/rotate', { ...PEOPLE, schema: { params: endpointParams } }, async (request, reply) => {
    const rotated = await admin.rotate(actorOf(request), request.params.id, ROTATION_OVERLAP_SECONDS)
    return rotated ?? reply.code(404).send(NO_ENDPOINT)
  })

  app.delete('/webhooks/:id', { ...PEOPLE, schema: { params: endpointParams } }, async (request, reply) => {
    const removed = await admin.remove(actorOf(request), request.params.id)
    return removed ? reply.code(204).send() : reply.code(404).send(NO_ENDPOINT)
  })

  app.get('/webhooks/:id/deliveries', { ...PEOPLE, schema: { params: endpointParams } }, async (request) => ({
    deliveries: await admin.deliveries(request.params.id, DELIVERIES_SHOWN),
  }))

  app.post('/webhooks/:id/test', { ...PEOPLE, schema: { params: endpointParams } }, async (request, reply) => {
    const eventId = await admin.sendTest(actorOf(request), request.params.id)
    return eventId ? reply.code(202).send({ eventId }) : reply.code(404).send(NO_ENDPOINT)
  })

  app.post('/webhooks/deliveries/:id/resend', { ...PEOPLE, schema: { params: deliveryParams } }, async (request, reply) => {
    const resent = await admin.resend(actorOf(request), request.params.id)
    return resent
      ? reply.code(202).send()
      : reply.code(404).send({ error: 'Nothing to resend: the delivery is still pending, or its person was erased.' })
  })
}
