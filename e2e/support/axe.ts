import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

type Impact = 'minor' | 'moderate' | 'serious' | 'critical'

/**
 * The page's axe violations of at least `impacts`' weight (`tags` narrows the rules: WCAG's, say),
 * within a selector if given, each with the elements at fault: what a test compares to [].
 */
export async function axeViolations(
  page: Page,
  { impacts, tags, within }: { impacts: Impact[]; tags?: string[]; within?: string },
) {
  let builder = new AxeBuilder({ page })
  if (tags) builder = builder.withTags(tags)
  if (within) builder = builder.include(within)
  const results = await builder.analyze()
  return results.violations
    .filter((violation) => impacts.includes(violation.impact as Impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    }))
}
