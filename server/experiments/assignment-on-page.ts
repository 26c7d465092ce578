import type { Assignment } from './experiments.ts'

/**
 * A visitor's assignment as one page shows it: the arms of the experiments whose fields are on that
 * page (page-routes-query.ts), none of the others, so a page view is an exposure only to what it shows
 * (docs/product.md §12). Undefined when the page holds none: the visitor gets the defaults, and not one byte more.
 */
export function assignmentOnPage(assignment: Assignment | undefined, experiments: readonly string[]): Assignment | undefined {
  if (!assignment || experiments.length === 0) return undefined
  const shown = assignment.exposures.filter((exposure) => experiments.includes(exposure.experiment_id))
  if (shown.length === 0) return undefined
  const ids = new Set(shown.map((exposure) => exposure.experiment_id))
  return { ...assignment, arms: assignment.arms.filter((arm) => ids.has(arm.slice(0, arm.lastIndexOf(':')))), exposures: shown }
}
