/**
 * The Launch tool wired to where things live (as preview.ts wires the preview): the proof is read
 * from hosted Sanity with SANITY_VIEWER_TOKEN, or offline from this server's stand-in; the waitlist
 * and the report from this server's database, or from the hosted project with SUPABASE_SECRET_KEY.
 * Undefined, with the reason, when a piece is missing: the tool is then not offered.
 */
import { analyticsApiFor } from '../analytics/counting.ts'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { createLaunchNonces } from './launch-nonce.ts'
import type { LaunchRoutesOptions } from './launch-routes.ts'
import { createLaunchSessions } from './launch-session.ts'
import { operatorStoreFor } from './operator-store.ts'
import { studioDocuments } from './studio-documents.ts'
import { restWebhookAdmin, sqlWebhookAdmin } from '../webhooks/webhook-admin.ts'
import { whereSignupsLive } from '../supabase/secret-rpc.ts'
import { restInviteAdmin, sqlInviteAdmin } from '../invites/invite-admin.ts'
import { restReferralAdmin, sqlReferralAdmin } from '../referrals/referral-admin.ts'

/** Requests per client address to the tool's API: a tool open in a few tabs, refreshing every few seconds. */
const LAUNCH_RATE = { maxHits: 300, perSeconds: 60 }

export function createLaunch(
  config: ServerConfig,
  db: Database | undefined,
  selfOrigin: () => string,
): { routes: LaunchRoutesOptions } | { unavailable: string } {
  const { sanity } = config
  if (!sanity.viewerToken) return { unavailable: 'set SANITY_VIEWER_TOKEN to read the Studio’s proofs' }
  const store = operatorStoreFor(config, db)
  const analytics = analyticsApiFor(config, db)
  const webhooks = whereSignupsLive(config.supabase, db, sqlWebhookAdmin, restWebhookAdmin)
  const invites = whereSignupsLive(config.supabase, db, sqlInviteAdmin, restInviteAdmin)
  const referrals = whereSignupsLive(config.supabase, db, sqlReferralAdmin, restReferralAdmin)
  if (!store || !analytics || !webhooks || !invites || !referrals)
    return { unavailable: 'set SUPABASE_SECRET_KEY to read the hosted waitlist' }
  const key = sanity.viewerToken
  return {
    routes: {
      nonces: createLaunchNonces(key),
      sessions: createLaunchSessions(key),
      documents: studioDocuments({
        apiOrigin: sanity.hosted ? () => `https://${sanity.projectId}.api.sanity.io` : selfOrigin,
        apiVersion: sanity.apiVersion,
        dataset: sanity.dataset,
        viewerToken: key,
      }),
      store,
      report: analytics.report,
      webhooks: { admin: webhooks, allowPrivate: config.webhooks.allowPrivate },
      invites,
      referrals,
      studioOrigin: sanity.studioUrl,
      rate: LAUNCH_RATE,
    },
  }
}
