/**
 * Which arm of an experiment a visitor-day sees (docs/decisions/0046-copy-experiments.md): a hash of
 * the visitor's daily identifier (experiment-visitor.ts, the one its sign-up is matched by, decision
 * 0064) and the experiment's id, read as a number in [0, 1) and placed on the experiment's split. The same visitor
 * gets the same arm all day, and a fresh draw the next day, when its identifier changes; two
 * experiments draw apart. Nothing is stored in the browser and nothing here outlives the day's salt.
 */
import { createHash } from 'node:crypto'
import { DEFAULT_ARM } from '../../schemas/experiments.ts'

export interface RunningExperiment {
  id: string
  /** The default first, then each variant, with its share of visitors (any positive weights). */
  arms: { id: string; share: number }[]
}

/** The visitor's position in [0, 1) for this experiment. */
export function drawOf(visitorId: string, experimentId: string): number {
  const digest = createHash('sha256').update(`${visitorId}\n${experimentId}`).digest()
  return digest.readUInt32BE(0) / 2 ** 32
}

/** The arm of `experiment` the visitor `visitorId` (hex, of the day) sees. */
export function armOf(visitorId: string, experiment: RunningExperiment): string {
  const total = experiment.arms.reduce((sum, arm) => sum + arm.share, 0)
  const point = drawOf(visitorId, experiment.id) * total
  let reached = 0
  for (const arm of experiment.arms) {
    reached += arm.share
    if (point < reached) return arm.id
  }
  return experiment.arms.at(-1)?.id ?? DEFAULT_ARM
}
