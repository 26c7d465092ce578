/**
 * The Launch tool's referral routes (docs/launch-api.md): the counts and the held referrals, and
 * an operator's decision on one. People level (docs/decisions/0060-two-access-levels.md); the
 * tool's API names the Studio user each call is for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ReferralAdmin } from './referral-admin.ts'
import { PEOPLE } from '../operator/launch-access.ts'

export interface ReferralRoutesOptions {
  admin: ReferralAdmin
  actorOf: (request: FastifyRequest) => string
}

const decision = z.strictObject({ id: z.uuid(), decision: z.enum(['accept', 'reject']) })

export function registerReferralRoutes(app: FastifyInstance, { admin, actorOf }: ReferralRoutesOptions) {
  app.get('/referrals', PEOPLE, async (request) => admin.review(actorOf(request)))

  app.post<{ Params: { id: string; decision: string } }>('/referrals/:id/:decision', PEOPLE, async (request, reply) => {
    const params = decision.safeParse(request.params)
    if (!params.success) return reply.code(404).send({ error: 'No such referral decision.' })
    const actor = actorOf(request)
    const decided = await admin.decide(actor, params.data.id, params.data.decision === 'accept')
    if (!decided) return reply.code(404).send({ error: 'This referral is not held for review.' })
    request.log.info({ actor, decision: params.data.decision }, 'Launch tool: a held referral was decided')
    return reply.code(204).send()
  })
}
