/**
 * The experiments the server assigns visitors to: `experiment` documents marked running, read like
 * the page's content (the seed once per version of it, hosted Sanity's CDN at most once a minute),
 * so starting or stopping one in the Launch tool takes effect with the next page offline and within
 * a minute hosted. A split that does not fit its variants falls back to an even one.
 */
import { defineQuery } from 'groq'
import { DEFAULT_ARM, EXPERIMENT_ID, experimentsServed, plannedSplit } from '../../schemas/experiments.ts'
import type { RunningExperimentsQueryResult } from '../../schemas/sanity.types.ts'
import type { QuerySource } from '../site/query-source.ts'
import type { RunningExperiment } from './assignment.ts'

/** The running experiments, oldest first, at most as many as may run at once. */
export const runningExperimentsQuery = defineQuery(
  `*[_type == "experiment" && status == "running"] | order(startedAt asc) [0...4]{ _id, split, "variants": variants[].variantId }`,
)

/** The split as stored (percentages for the default, then each variant), or even when it does not fit. */
export function toRunning({ _id, split, variants }: RunningExperimentsQueryResult[number]): RunningExperiment | undefined {
  const ids = (variants ?? []).filter((id): id is string => typeof id === 'string' && id !== '')
  if (!EXPERIMENT_ID.test(_id) || ids.length === 0) return undefined
  const armIds = [DEFAULT_ARM, ...ids]
  const shares = plannedSplit(split, armIds.length)
  return { id: _id, arms: armIds.map((id, i) => ({ id, share: shares[i] ?? 0 })) }
}

/** The running experiments visitors are assigned in (experimentsServed), from the content source of `runningExperimentsQuery`. */
export function runningExperiments(source: QuerySource<RunningExperimentsQueryResult>): () => Promise<RunningExperiment[]> {
  return async () =>
    experimentsServed(
      (await source()).map(toRunning).filter((experiment): experiment is RunningExperiment => experiment !== undefined),
    )
}
