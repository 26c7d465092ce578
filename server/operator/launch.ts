/**
 * The Launch tool wired to where things live (as preview.ts wires the preview): the proof is read
 * from hosted Sanity with SANITY_VIEWER_TOKEN, and a member's roles with SANITY_MEMBERS_TOKEN, or
 * both offline from this server's stand-ins; the sessions, the waitlist and the report from this
 * server's database, or from the hosted project with SUPABASE_SECRET_KEY.
 * Undefined, with the reason, when a piece is missing: the tool is then not offered.
 */
import type { FastifyBaseLogger } from 'fastify'
import { analyticsApiFor } from '../analytics/counting.ts'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { createLaunchNonces } from './launch-nonce.ts'
import type { LaunchRoutesOptions } from './launch-routes.ts'
import { createLaunchSessions } from './launch-session.ts'
import { restSessionStore, sqlSessionStore } from './session-store.ts'
import { peopleAccess } from './launch-access.ts'
import { memberRoles } from './member-roles.ts'
import { operatorStoreFor } from './operator-store.ts'
import { studioDocuments } from './studio-documents.ts'
import { restWebhookAdmin, sqlWebhookAdmin } from '../webhooks/webhook-admin.ts'
import { whereSignupsLive } from '../supabase/secret-rpc.ts'
import { restInviteAdmin, sqlInviteAdmin } from '../invites/invite-admin.ts'
import { restReferralAdmin, sqlReferralAdmin } from '../referrals/referral-admin.ts'
import { restUpdateAdmin, sqlUpdateAdmin } from '../updates/update-admin.ts'

/** Requests per client address to the tool's API: a tool open in a few tabs, refreshing every few seconds. */
const LAUNCH_RATE = { maxHits: 300, perSeconds: 60 }

export function createLaunch(
  config: ServerConfig,
  db: Database | undefined,
  selfOrigin: () => string,
  log: FastifyBaseLogger,
): { routes: LaunchRoutesOptions } | { unavailable: string } {
  const { sanity } = config
  if (!sanity.viewerToken || !sanity.membersToken) return { unavailable: 'set SANITY_VIEWER_TOKEN to read the Studio’s proofs' }
  const store = operatorStoreFor(config, db)
  const sessions = whereSignupsLive(config.supabase, db, sqlSessionStore, restSessionStore)
  const analytics = analyticsApiFor(config, db)
  const webhooks = whereSignupsLive(config.supabase, db, sqlWebhookAdmin, restWebhookAdmin)
  const invites = whereSignupsLive(config.supabase, db, sqlInviteAdmin, restInviteAdmin)
  const referrals = whereSignupsLive(config.supabase, db, sqlReferralAdmin, restReferralAdmin)
  const updates = whereSignupsLive(config.supabase, db, sqlUpdateAdmin, restUpdateAdmin)
  if (!store || !sessions || !analytics || !webhooks || !invites || !referrals || !updates)
    return { unavailable: 'set SUPABASE_SECRET_KEY to read the hosted waitlist' }
  const key = sanity.viewerToken
  const projectApi = sanity.hosted ? () => `https://${sanity.projectId}.api.sanity.io` : selfOrigin
  return {
    routes: {
      nonces: createLaunchNonces(key),
      sessions: createLaunchSessions(sessions),
      people: peopleAccess({
        rule: config.launch.people,
        members: memberRoles({
          projectId: sanity.projectId,
          projectApiOrigin: projectApi,
          accessApiOrigin: sanity.hosted ? () => 'https://api.sanity.io' : selfOrigin,
          token: sanity.membersToken,
        }),
        log,
      }),
      documents: studioDocuments({
        apiOrigin: projectApi,
        apiVersion: sanity.apiVersion,
        dataset: sanity.dataset,
        viewerToken: key,
      }),
      store,
      report: analytics.report,
      webhooks: { admin: webhooks, allowPrivate: config.webhooks.allowPrivate },
      invites,
      referrals,
      updates,
      studioOrigin: new URL(sanity.studioUrl).origin,
      rate: LAUNCH_RATE,
    },
  }
}
