import type { PageRoutesQueryResult } from '../../schemas/sanity.types.ts'
import { contentChecker, type ContentProblem } from '../../supabase/functions/_shared/content/content-check.ts'
import { checkedSource } from '../../supabase/functions/_shared/content/checked-source.ts'
import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'
import { pageRoutesQueryParser } from './page-routes-query.parser.ts'
import { pageRoutesOf, type PageRoutes } from './page-routes.ts'
import type { QuerySource } from './query-source.ts'

/** The pages' routes now, made again only when the content changes; each new set is told to `onRoutes`. */
export interface PageRoutesSource {
  (): Promise<PageRoutes>
  /** What the pages' addresses hold that the schema does not allow, dropped (page-routes.ts leaves the page out there). */
  problems(): Promise<ContentProblem[]>
}

/**
 * The routes of pageRoutesQuery's answers from `source` (the seed, or hosted Sanity refreshed once a
 * minute), checked against the schema's types where they enter (docs/decisions/0062).
 */
export function pageRoutesSource(
  name: string,
  source: QuerySource<unknown>,
  log: Log,
  onRoutes?: (routes: PageRoutes) => void,
): PageRoutesSource {
  const checked = checkedSource(name, source, contentChecker(pageRoutesQueryParser), log)
  let last: { content: PageRoutesQueryResult | undefined; routes: PageRoutes } | undefined
  const warn = (message: string) => log('warn', message)
  const routes = async () => {
    const content = await checked()
    if (last && last.content === content) return last.routes
    last = { content, routes: pageRoutesOf(content, warn) }
    onRoutes?.(last.routes)
    return last.routes
  }
  return Object.assign(routes, { problems: checked.problems })
}
