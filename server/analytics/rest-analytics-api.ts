/**
 * The counting functions of a hosted Supabase project, called over PostgREST's RPC
 * (`POST /rest/v1/rpc/<name>`) with the project's secret key (SUPABASE_SECRET_KEY), the only key
 * whose role (service_role) may run them. The key stays on this server: nothing the browser gets
 * carries it (app.ts publicConfigOf).
 */
import type { AnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'

export interface RestAnalyticsOptions {
  /** SUPABASE_URL. */
  url: string
  /** A secret key (`sb_secret_…`) or the legacy service-role JWT. */
  secretKey: string
  fetch?: typeof globalThis.fetch
  /** A call still unanswered after this long is given up (its counts are dropped). */
  timeoutMs?: number
}

export function restAnalyticsApi({
  url,
  secretKey,
  fetch = globalThis.fetch,
  timeoutMs = 5_000,
}: RestAnalyticsOptions): AnalyticsApi {
  // A secret key goes in apikey alone; the legacy service-role key is a JWT, which the gateway also wants as the bearer.
  const headers: Record<string, string> = {
    apikey: secretKey,
    'content-type': 'application/json',
    ...(secretKey.startsWith('eyJ') ? { authorization: `Bearer ${secretKey}` } : {}),
  }

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300)
      throw new Error(`${name} answered ${response.status}${detail ? `: ${detail}` : ''}`)
    }
    return (await response.json()) as T
  }

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
