/**
 * The Launch tool's referral routes (docs/launch-api.md): the counts and the held referrals, and
 * an operator's decision on one. People level (docs/decisions/0060-two-access-levels.md); the
 * tool's API names the Studio user each call is for.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ZodRoutes } from '../http/zod-routes.ts'
import type { ReferralAdmin } from './referral-admin.ts'
import { PEOPLE } from '../operator/launch-access.ts'

export interface ReferralRoutesOptions {
  admin: ReferralAdmin
  actorOf: (request: FastifyRequest) => string
}

const decision = z.strictObject({ id: z.uuid(), decision: z.enum(['accept', 'reject']) })

export function registerReferralRoutes(app: ZodRoutes, { admin, actorOf }: ReferralRoutesOptions) {
  app.get('/referrals', PEOPLE, async (request) => admin.review(actorOf(request)))

  app.post('/referrals/:id/:decision', { ...PEOPLE, schema: { params: decision } }, async (request, reply) => {
    const actor = actorOf(request)
    const decided = await admin.decide(actor, request.params.id, request.params.decision === 'accept')
    if (!decided) return reply.code(404).send({ error: 'This referral is not held for review.' })
    request.log.info({ actor, decision: request.params.decision }, 'Launch tool: a held referral was decided')
    return reply.code(204).send()
  })
}
