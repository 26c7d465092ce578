/**
 * The two Sanity APIs that say which roles a Studio user holds, for the Launch tool's access levels
 * offline (docs/decisions/0060-two-access-levels.md), answered for the local identities
 * (local-editor.ts) as hosted Sanity answers them (server/operator/member-roles.ts reads both):
 *
 * - `GET /v{apiVersion}/users/{projectUserId}` — the project's user, with its global `sanityUserId`.
 * - `GET /v{apiVersion}/access/project/{projectId}/users/{sanityUserId}` — the Access API's user:
 *   `{ sanityUserId, profile, memberships: [{ resourceType, resourceId, roleNames }] }`.
 *
 * Read with the viewer token, as the site reads them; anything else is 401, an unknown user 404.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { LocalEditor } from './studio-writes.ts'
import { hasViewerToken } from './viewer-token.ts'

export interface StudioMembersOptions {
  projectId: string
  viewerToken: string | undefined
  members: readonly LocalEditor[]
}

export const studioMembers: FastifyPluginAsync<StudioMembersOptions> = async (app, { projectId, viewerToken, members }) => {
  /** The member asked for when the request may read members; else the refusal has been sent. */
  const memberFor = (request: FastifyRequest, reply: FastifyReply, matches: (member: LocalEditor) => boolean) => {
    if (!hasViewerToken(request.headers.authorization, viewerToken)) {
      void reply.code(401).send({ error: { description: 'Session not found', type: 'unauthorized' } })
      return undefined
    }
    const member = members.find(matches)
    if (!member) void reply.code(404).send({ error: { description: 'User not found', type: 'notFound' } })
    return member
  }

  app.get<{ Params: { userId: string } }>('/v:apiVersion/users/:userId', async (request, reply) => {
    const member = memberFor(request, reply, ({ userId }) => userId === request.params.userId)
    return member ? { id: member.userId, sanityUserId: member.sanityUserId, displayName: member.userId } : reply
  })

  app.get<{ Params: { projectId: string; sanityUserId: string } }>(
    '/v:apiVersion/access/project/:projectId/users/:sanityUserId',
    async (request, reply) => {
      const member = memberFor(
        request,
        reply,
        ({ sanityUserId }) => request.params.projectId === projectId && sanityUserId === request.params.sanityUserId,
      )
      return member
        ? {
            sanityUserId: member.sanityUserId,
            profile: { id: member.sanityUserId, displayName: member.userId },
            memberships: [{ resourceType: 'project', resourceId: projectId, roleNames: member.roles }],
          }
        : reply
    },
  )
}
