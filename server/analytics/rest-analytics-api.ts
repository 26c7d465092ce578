/** The counting functions of a hosted Supabase project, over its RPC with the secret key (secret-rpc.ts). */
import type { AnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { secretRpc, type SecretRpcOptions } from '../supabase/secret-rpc.ts'

export function restAnalyticsApi(options: SecretRpcOptions): AnalyticsApi {
  const rpc = secretRpc(options)
  return {
    salts: async (now, candidate) =>
      (
        await rpc<{ days: { day: string; salt: string }[] }>('analytics_salts', {
          p_now: now.toISOString(),
          p_candidate: candidate,
        })
      ).days,
    countVisits: (visits) => rpc('analytics_count_visits', { p_visits: visits }),
    countFormStarts: (starts) => rpc('analytics_count_form_starts', { p_starts: starts }),
    sweep: (now, retentionMonths) => rpc('analytics_sweep', { p_now: now.toISOString(), p_retention_months: retentionMonths }),
    report: (from, to, filters) => rpc('analytics_report', { p_from: from, p_to: to, p_filters: filters }),
  }
}
