/**
 * Where the experiments' counts live (supabase/migrations/20261128090000_experiments.sql): this
 * server's database when it answers the sign-ups, else the hosted project's, over PostgREST's /rpc
 * with the secret key, exactly as the page views are counted (server/analytics/counting.ts).
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, whereSignupsLive, type SecretRpcOptions } from '../supabase/secret-rpc.ts'

/** A visitor-day shown an arm of an experiment; `visitor` is its daily identifier (visitor-id.ts), hex. */
export interface Exposure {
  day: string
  visitor: string
  experiment_id: string
  arm: string
}

export interface ArmTotals {
  exposures: number
  signups: number
  confirmations: number
}

/** Per experiment, per arm. */
export type ExperimentTotals = Record<string, Record<string, ArmTotals>>

export interface ExperimentCounts {
  /** Answers how many were new (a visitor-day keeps its first arm; a day without its salt takes none). */
  countExposures(exposures: Exposure[]): Promise<number>
  sweep(now: Date, retentionMonths: number): Promise<{ exposures_rolled_up: number; aggregates_deleted: number }>
  totals(experimentIds: string[]): Promise<ExperimentTotals>
}

/** The functions on a connection of the server's own. */
export function sqlExperimentCounts(sql: Sql): ExperimentCounts {
  const call = async <T>(statement: string, params: unknown[]): Promise<T> =>
    (await sql.query<{ result: T }>(statement, params)).rows[0]?.result as T
  return {
    countExposures: (exposures) =>
      call('select public.experiments_count_exposures($1::jsonb) as result', [JSON.stringify(exposures)]),
    sweep: (now, retentionMonths) =>
      call('select public.experiments_sweep($1::timestamptz, $2::integer) as result', [now.toISOString(), retentionMonths]),
    totals: (ids) => call('select public.experiments_results($1::jsonb) as result', [JSON.stringify(ids)]),
  }
}

/** The same functions of a hosted project, over its /rpc with the secret key. */
export function restExperimentCounts(options: SecretRpcOptions): ExperimentCounts {
  const rpc = secretRpc(options)
  return {
    countExposures: (exposures) => rpc('experiments_count_exposures', { p_exposures: exposures }),
    sweep: (now, retentionMonths) => rpc('experiments_sweep', { p_now: now.toISOString(), p_retention_months: retentionMonths }),
    totals: (ids) => rpc('experiments_results', { p_ids: ids }),
  }
}

/** The counts where the sign-ups are, or undefined in front of a hosted project without the secret key. */
export function experimentCountsFor(
  supabase: { url: string; hosted: boolean; secretKey?: string },
  db: Sql | undefined,
): ExperimentCounts | undefined {
  return whereSignupsLive(supabase, db, sqlExperimentCounts, restExperimentCounts)
}
