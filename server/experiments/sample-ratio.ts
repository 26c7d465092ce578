/**
 * The sample-ratio-mismatch check (docs/decisions/0046-copy-experiments.md): Pearson's chi-square of
 * the exposures each arm got against the split the experiment planned, k − 1 degrees of freedom. A
 * p-value under 0.001 says assignment is broken (a cache serving one arm, bots in one arm, a
 * redirect losing visitors), and no verdict is given until it is mended.
 */
import jstat from 'jstat'

/** Below this the split is flagged: the threshold GrowthBook and most platforms use. */
export const MISMATCH_P_VALUE = 0.001

export interface SampleRatio {
  chiSquare: number
  pValue: number
  mismatch: boolean
}

/** `exposures[i]` against `plannedShares[i]` (shares of one, or any weights: they are normalized). */
export function sampleRatio(exposures: readonly number[], plannedShares: readonly number[]): SampleRatio {
  const total = exposures.reduce((sum, n) => sum + n, 0)
  const weight = plannedShares.reduce((sum, share) => sum + share, 0)
  if (total === 0 || exposures.length < 2 || exposures.length !== plannedShares.length || !(weight > 0)) {
    return { chiSquare: 0, pValue: 1, mismatch: false }
  }
  const chiSquare = exposures.reduce((sum, observed, i) => {
    const expected = (total * (plannedShares[i] ?? 0)) / weight
    return expected > 0 ? sum + (observed - expected) ** 2 / expected : sum
  }, 0)
  const pValue = 1 - jstat.jStat.chisquare.cdf(chiSquare, exposures.length - 1)
  return { chiSquare, pValue, mismatch: pValue < MISMATCH_P_VALUE }
}
