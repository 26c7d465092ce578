/**
 * The Launch tool wired to where things live (as preview.ts wires the preview): the proof is read
 * from hosted Sanity with SANITY_VIEWER_TOKEN, or offline from this server's stand-in; the waitlist
 * and the report from this server's database, or from the hosted project with SUPABASE_SECRET_KEY.
 * Undefined, with the reason, when a piece is missing: the tool is then not offered.
 */
import { sqlAnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { restAnalyticsApi } from '../analytics/rest-analytics-api.ts'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { createLaunchNonces } from './launch-nonce.ts'
import type { LaunchRoutesOptions } from './launch-routes.ts'
import { createLaunchSessions } from './launch-session.ts'
import { restOperatorStore, sqlOperatorStore } from './operator-store.ts'
import { studioDocuments } from './studio-documents.ts'

/** Requests per client address to the tool's API: a tool open in a few tabs, refreshing every few seconds. */
const LAUNCH_RATE = { maxHits: 300, perSeconds: 60 }

export function createLaunch(
  config: ServerConfig,
  db: Database | undefined,
  selfOrigin: () => string,
): { routes: LaunchRoutesOptions } | { unavailable: string } {
  const { sanity, supabase } = config
  if (!sanity.viewerToken) return { unavailable: 'set SANITY_VIEWER_TOKEN to read the Studio’s proofs' }
  const hostedKey = supabase.hosted ? supabase.secretKey : undefined
  if (supabase.hosted && !hostedKey) return { unavailable: 'set SUPABASE_SECRET_KEY to read the hosted waitlist' }
  const rest = hostedKey ? { url: supabase.url, secretKey: hostedKey } : undefined
  const sql = rest ? undefined : db
  if (!rest && !sql) return { unavailable: 'no database' }
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
      store: rest ? restOperatorStore(rest) : sqlOperatorStore(sql as Database),
      report: (rest ? restAnalyticsApi(rest) : sqlAnalyticsApi(sql as Database)).report,
      studioOrigin: sanity.studioUrl,
      rate: LAUNCH_RATE,
    },
  }
}
