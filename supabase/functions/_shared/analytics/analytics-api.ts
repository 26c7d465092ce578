// The calls that count (docs/product.md §8), one SQL function each (supabase/migrations/
// 20261125110000_analytics.sql), callable only with the secret key's role or the owner's. The
// self-hosted server and the edge functions run them on their own connection (here); the site
// server in front of hosted Supabase calls the same functions over PostgREST
// (server/analytics/rest-analytics-api.ts).
import type { DeviceClass } from './device-class.ts'
import type { Sql } from '../runtime/sql.ts'
import type { VisitSource } from './visit-source.ts'

/** The page views of one visitor on one day, with the dimensions of its first page, and the pages (documents) it saw. */
export interface VisitCount extends VisitSource {
  day: string
  /** visitor-id.ts, under that day's salt. */
  visitor: string
  page_views: number
  language: string
  entry_page: string
  device: DeviceClass
  /** Each page seen (its Sanity document id) and how many times (migration 20261207090100). */
  pages?: { page: string; page_views: number }[]
}

/** The form starts of one visitor: its identifier under the day's salt and under the day before's, and the page they were made on. */
export interface FormStartCount {
  day: string
  visitor: string
  previous_visitor: string | undefined
  form_starts: number
  page?: string | undefined
}

export interface SweepOutcome {
  salts_deleted: number
  visits_rolled_up: number
  aggregates_deleted: number
}

/** The report's filters (docs/launch-api.md). */
export type ReportFilters = Partial<Record<'language' | 'source' | 'campaign' | 'device' | 'entry_page' | 'page', string>>

export interface AnalyticsApi {
  /** The salts of `now`'s UTC day (written from `candidate`, hex, unless one exists) and of the day before. */
  salts(now: Date, candidate: string): Promise<{ day: string; salt: string }[]>
  /** Answers how many visits took the counts (a day whose salt is gone takes none). */
  countVisits(visits: VisitCount[]): Promise<number>
  /** Answers how many starts found their visit. */
  countFormStarts(starts: FormStartCount[]): Promise<number>
  sweep(now: Date, retentionMonths: number): Promise<SweepOutcome>
  /** The report's JSON (docs/launch-api.md) for the UTC days `from` to `to`. */
  report(from: string, to: string, filters: ReportFilters): Promise<unknown>
}

/** The functions called on a connection of the server's own (or the edge function's). */
export function sqlAnalyticsApi(sql: Sql): AnalyticsApi {
  const call = async <T>(statement: string, params: unknown[]): Promise<T> =>
    (await sql.query<{ result: T }>(statement, params)).rows[0]?.result as T
  return {
    salts: async (now, candidate) =>
      (
        await call<{ days: { day: string; salt: string }[] }>('select public.analytics_salts($1::timestamptz, $2) as result', [
          now.toISOString(),
          candidate,
        ])
      ).days,
    countVisits: (visits) => call('select public.analytics_count_visits($1::jsonb) as result', [JSON.stringify(visits)]),
    countFormStarts: (starts) => call('select public.analytics_count_form_starts($1::jsonb) as result', [JSON.stringify(starts)]),
    sweep: (now, retentionMonths) =>
      call('select public.analytics_sweep($1::timestamptz, $2::integer) as result', [now.toISOString(), retentionMonths]),
    report: (from, to, filters) =>
      call('select public.analytics_report($1::date, $2::date, $3::jsonb) as result', [from, to, JSON.stringify(filters)]),
  }
}
