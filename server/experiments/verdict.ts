/**
 * What an experiment's counts say (docs/product.md §12, docs/decisions/0046-copy-experiments.md):
 * each variant against the default by the always-valid test, at the experiment's alpha shared out
 * among its variants (Bonferroni), and one verdict. No verdict while any arm has fewer than
 * MIN_EXPOSURES, none while the split is broken (sample-ratio mismatch), and a winner only where the
 * test says so, however often the results are read.
 */
import { compareSequentially, type ArmCounts, type SequentialComparison } from './sequential-test.ts'
import { sampleRatio, type SampleRatio } from './sample-ratio.ts'

/** Exposures every arm needs before any verdict. */
export const MIN_EXPOSURES = 100
/** The false-positive rate a verdict allows (shared among the variants). */
export const ALPHA = 0.05

export interface Arm extends ArmCounts {
  id: string
  /** The share of traffic the experiment planned for this arm. */
  plannedShare: number
}

export type Verdict =
  | { kind: 'collecting'; exposuresNeeded: number }
  | { kind: 'mismatch' }
  | { kind: 'winner'; arm: string }
  | { kind: 'default-wins' }
  | { kind: 'no-difference-yet' }

export interface ArmComparison extends SequentialComparison {
  arm: string
  significant: boolean
}

export interface Analysis {
  alpha: number
  comparisons: ArmComparison[]
  sampleRatio: SampleRatio
  verdict: Verdict
}

/** `arms` with the default (control) first; `plannedExposures` tunes the test (both arms of a comparison together). */
export function analyse(arms: readonly Arm[], plannedExposures: number, alpha = ALPHA): Analysis {
  const [control, ...variants] = arms
  if (!control || variants.length === 0) throw new Error('An experiment has the default and at least one variant.')
  const perComparison = alpha / variants.length
  const comparisons = variants.map((arm) => {
    const result = compareSequentially(control, arm, { alpha: perComparison, plannedExposures })
    return { arm: arm.id, ...result, significant: result.interval !== null && result.pValue < perComparison }
  })
  const ratio = sampleRatio(
    arms.map((arm) => arm.exposures),
    arms.map((arm) => arm.plannedShare),
  )
  return { alpha: perComparison, comparisons, sampleRatio: ratio, verdict: verdictOf(arms, comparisons, ratio) }
}

function verdictOf(arms: readonly Arm[], comparisons: ArmComparison[], ratio: SampleRatio): Verdict {
  if (ratio.mismatch) return { kind: 'mismatch' }
  const fewest = Math.min(...arms.map((arm) => arm.exposures))
  if (fewest < MIN_EXPOSURES) return { kind: 'collecting', exposuresNeeded: MIN_EXPOSURES - fewest }
  const better = comparisons.filter((c) => c.significant && c.difference > 0).sort((a, b) => b.difference - a.difference)
  if (better[0]) return { kind: 'winner', arm: better[0].arm }
  if (comparisons.every((c) => c.significant && c.difference < 0)) return { kind: 'default-wins' }
  return { kind: 'no-difference-yet' }
}
