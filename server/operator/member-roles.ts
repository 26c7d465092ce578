/**
 * A Studio user's roles in the project, read as Sanity's own client code reads a user
 * (docs/decisions/0060-two-access-levels.md): the dataset's history names a project user (`p…`);
 * the project's users API gives that user's global `sanityUserId` (@sanity/sdk's users store,
 * `GET https://<projectId>.api.sanity.io/v2025-07-18/users/<id>`), and the Access API the user's
 * memberships with their role names (`GET https://api.sanity.io/v2025-07-11/access/project/<projectId>/users/<sanityUserId>`,
 * answering `{ sanityUserId, profile, memberships: [{ resourceType, resourceId, roleNames }] }`).
 * Offline, this server answers both (server/sanity/studio-members.ts). A 404 means no member: no roles.
 */
import { z } from 'zod'
import type { MemberRoles } from './launch-access.ts'

/** The versions @sanity/sdk 3.9 reads project users with, and the Access API's reference names. */
export const PROJECT_USERS_API_VERSION = '2025-07-18'
export const ACCESS_API_VERSION = '2025-07-11'

const projectUser = z.object({ sanityUserId: z.string().min(1).max(128) })
const accessUser = z.object({
  memberships: z.array(z.object({ resourceType: z.string(), resourceId: z.string(), roleNames: z.array(z.string()) })),
})

export interface MemberRolesOptions {
  projectId: string
  /** `https://<projectId>.api.sanity.io`, or this server's own origin offline (known once it listens). */
  projectApiOrigin: () => string
  /** `https://api.sanity.io`, or this server's own origin offline. */
  accessApiOrigin: () => string
  /** A token whose role may read the project's members (SANITY_MEMBERS_TOKEN, else the viewer token). */
  token: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}

export function memberRoles({
  projectId,
  projectApiOrigin,
  accessApiOrigin,
  token,
  fetch = globalThis.fetch,
  timeoutMs = 5_000,
}: MemberRolesOptions): MemberRoles {
  const read = async (url: string): Promise<unknown> => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 404) return undefined
    if (!response.ok) throw new Error(`Sanity answered ${response.status} to ${new URL(url).pathname}`)
    return response.json()
  }
  return {
    async rolesOf(userId) {
      const user = await read(`${projectApiOrigin()}/v${PROJECT_USERS_API_VERSION}/users/${encodeURIComponent(userId)}`)
      if (user === undefined) return []
      const { sanityUserId } = projectUser.parse(user)
      const member = await read(
        `${accessApiOrigin()}/v${ACCESS_API_VERSION}/access/project/${encodeURIComponent(projectId)}/users/${encodeURIComponent(sanityUserId)}`,
      )
      if (member === undefined) return []
      return accessUser
        .parse(member)
        .memberships.filter((membership) => membership.resourceType === 'project' && membership.resourceId === projectId)
        .flatMap((membership) => membership.roleNames)
    },
  }
}
