/**
 * Where the experiments' counts live (supabase/migrations/20261128090000_experiments.sql): this
 * server's database when it answers the sign-ups, else the hosted project's, over PostgREST's /rpc
 * with the secret key, exactly as the page views are counted (server/analytics/counting.ts).
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, whereSignupsLive, type SecretRpcOptions } from '../supabase/secret-rpc.ts'

/** A visitor-day shown an arm of an experiment; `client` and `visitor` are its hashes of the day (experiment-visitor.ts), hex. */
export interface Exposure {
  day: string
  client: string
  visitor: string
  experiment_id: string
  arm: string
}

/** Page views of an experiment on a day that the server left uncounted: their client was past its bound. */
export interface OverBoundViews {
  day: string
  experiment_id: string
  exposures: number
}

export interface ArmTotals {
  exposures: number
  signups: number
  confirmations: number
}

/** What came from clients over their bound: exposures (page views) and sign-ups, counted for no arm. */
export interface OverBoundTotals {
  exposures: number
  signups: number
}

/** Per experiment: per arm, and over the bound. */
export type ExperimentTotals = Record<string, { arms: Record<string, ArmTotals>; over_bound: OverBoundTotals }>

export interface ExperimentCounts {
  /**
   * Answers how many exposures were counted (a client's first visitor of the day and experiment) and
   * how many page views went over the bound (another visitor of a counted client, and `overBound`);
   * a day without its salt takes none.
   */
  countExposures(exposures: Exposure[], overBound: OverBoundViews[]): Promise<{ counted: number; over_bound: number }>
  sweep(now: Date, retentionMonths: number): Promise<{ exposures_rolled_up: number; aggregates_deleted: number }>
  totals(experimentIds: string[]): Promise<ExperimentTotals>
}

/** The functions on a connection of the server's own. */
export function sqlExperimentCounts(sql: Sql): ExperimentCounts {
  const call = async <T>(statement: string, params: unknown[]): Promise<T> =>
    (await sql.query<{ result: T }>(statement, params)).rows[0]?.result as T
  return {
    countExposures: (exposures, overBound) =>
      call('select public.experiments_count_exposures($1::jsonb, $2::jsonb) as result', [
        JSON.stringify(exposures),
        JSON.stringify(overBound),
      ]),
    sweep: (now, retentionMonths) =>
      call('select public.experiments_sweep($1::timestamptz, $2::integer) as result', [now.toISOString(), retentionMonths]),
    totals: (ids) => call('select public.experiments_results($1::jsonb) as result', [JSON.stringify(ids)]),
  }
}

/** The same functions of a hosted project, over its /rpc with the secret key. */
export function restExperimentCounts(options: SecretRpcOptions): ExperimentCounts {
  const rpc = secretRpc(options)
  return {
    countExposures: (exposures, overBound) =>
      rpc('experiments_count_exposures', { p_exposures: exposures, p_over_bound: overBound }),
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
