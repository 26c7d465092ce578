/**
 * The call the product makes when an invited person starts their trial (docs/launch-api.md, "The routes"):
 * `POST /api/invites/activate` with the invitation's code from the trial link, and the key the
 * team gave the product (INVITE_ACTIVATION_KEY) as the bearer. Without the key set, activations
 * are marked by hand in the Launch tool and this call says so.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { RequestLimit } from '../config.ts'
import { clientKey } from '../http/client-address.ts'
import type { InviteAdmin } from './invite-admin.ts'

export interface ActivationRoutesOptions {
  admin: InviteAdmin
  /** INVITE_ACTIVATION_KEY; undefined: the call is off. */
  key: string | undefined
  rate: RequestLimit
}

const body = z.strictObject({ code: z.string().regex(/^[0-9a-f]{32}$/, 'the code from the trial link (32 hex digits)') })

// Compared as digests, so that neither the length nor the first differing byte shows in the time taken.
const digest = (value: string) => createHash('sha256').update(value).digest()
const sameKey = (given: string, key: string) => timingSafeEqual(digest(given), digest(key))

export const activationRoutes: FastifyPluginAsync<ActivationRoutesOptions> = async (app, { admin, key, rate }) => {
  await app.register(fastifyRateLimit, {
    keyGenerator: clientKey,
    max: rate.maxHits,
    timeWindow: rate.perSeconds * 1000,
    cache: 10_000,
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.post('/api/invites/activate', async (request, reply) => {
    if (!key) {
      return reply
        .code(503)
        .send({ error: 'Activation by call is off: set INVITE_ACTIVATION_KEY on the site, or mark it in the Launch tool.' })
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!bearer || !sameKey(bearer, key)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Send the activation key as the bearer.' })
    }
    const parsed = body.safeParse(request.body)
    if (!parsed.success) return reply.code(400).send({ error: z.prettifyError(parsed.error) })
    const outcome = await admin.activate(parsed.data.code)
    if (!outcome) return reply.code(404).send({ error: 'No invitation has this code.' })
    request.log.info({ outcome }, 'an invitation was activated by the product')
    return { status: outcome }
  })
}
