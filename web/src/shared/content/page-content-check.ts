import { conformContent } from '../../../../supabase/functions/_shared/content/content-parser.ts'
import type { PageContent } from './page-copy.ts'
import { pageQueryParser } from './page-query.parser.ts'

const conform = conformContent(pageQueryParser)

/**
 * The page's content as fetched, each value the schema's types do not allow dropped for its fallback,
 * as the server drops it before the prerender (docs/decisions/0062-content-parsed-where-it-enters.md).
 * An answer that is not the page's content at all fails like a failed fetch: what is on screen stays.
 * Loaded once the first answer has come, never with the page's first script: zod is not in it.
 */
export function conformPageContent(answer: unknown): PageContent {
  const content = conform(answer)
  if (content === undefined) throw new Error('The content query’s answer is not the page’s content')
  return content
}
