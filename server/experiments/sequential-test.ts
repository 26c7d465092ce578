/**
 * An always-valid comparison of two conversion rates (docs/decisions/0046-copy-experiments.md, with the
 * formulas and their source): GrowthBook's sequential two-sided test, the asymptotic confidence
 * sequence of Waudby-Smith et al. (2023, arXiv 2103.06476v7), whose p-value is the reciprocal of the
 * normal-mixture martingale (eq. 155, a mixture sequential probability ratio test). The interval and
 * the p-value hold however often they are looked at; the price is an interval wider than a
 * fixed-horizon one, narrowest near the planned number of exposures.
 */

/** One arm of an experiment: visitor-days exposed, and of them how many converted. */
export interface ArmCounts {
  exposures: number
  conversions: number
}

export interface SequentialComparison {
  /** The variant's rate minus the control's (an absolute difference of proportions). */
  difference: number
  /** The always-valid interval of the difference at 1 − alpha; null when it cannot be computed (no variance yet). */
  interval: [number, number] | null
  /** The always-valid p-value (1 when nothing can be said). */
  pValue: number
}

/** The mixture's tuning ρ that makes the sequence narrowest at `plannedExposures` (both arms together). */
export function mixtureRho(alpha: number, plannedExposures: number): number {
  const l = -2 * Math.log(alpha)
  return Math.sqrt((l + Math.log(l + 1)) / plannedExposures)
}

const rate = ({ exposures, conversions }: ArmCounts) => conversions / exposures

/**
 * The variant against the control, at level `alpha`, tuned for `plannedExposures` in both arms.
 * n = n_control + n_variant; V = p_c(1−p_c)/n_c + p_v(1−p_v)/n_v (the difference's variance);
 * halfwidth = √(V·n) · √(2(nρ²+1)/(n²ρ²) · ln(√(nρ²+1)/α)); p = min(1, √(nρ²+1) · exp(−ρ²·(d²n/V)/(2(nρ²+1)))).
 */
export function compareSequentially(
  control: ArmCounts,
  variant: ArmCounts,
  { alpha, plannedExposures }: { alpha: number; plannedExposures: number },
): SequentialComparison {
  if (control.exposures <= 0 || variant.exposures <= 0) return { difference: 0, interval: null, pValue: 1 }
  const pc = rate(control)
  const pv = rate(variant)
  const difference = pv - pc
  const variance = (pc * (1 - pc)) / control.exposures + (pv * (1 - pv)) / variant.exposures
  if (!(variance > 0)) return { difference, interval: null, pValue: 1 }
  const n = control.exposures + variant.exposures
  const rho2 = mixtureRho(alpha, plannedExposures) ** 2
  const spread = n * rho2 + 1
  const halfwidth = Math.sqrt(variance * n) * Math.sqrt(((2 * spread) / (n * n * rho2)) * Math.log(Math.sqrt(spread) / alpha))
  const standardized = (difference * difference * n) / variance
  const pValue = Math.min(1, Math.sqrt(spread) * Math.exp((-rho2 * standardized) / (2 * spread)))
  return { difference, interval: [difference - halfwidth, difference + halfwidth], pValue }
}
