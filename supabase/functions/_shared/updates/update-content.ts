import { checkedSource, type CheckedSource } from '../content/checked-source.ts'
import { contentChecker } from '../content/content-check.ts'
import type { Log } from '../runtime/http.ts'
import type { UpdateContent } from './update-body.ts'
import { updateEmailQueryParser } from './update-query.parser.ts'

/**
 * Each update document by its id, from `sourceFor` (the query with that id: the self-hosted content
 * source, or the hosted dataset's API), checked where it enters as every content is: a wrong field
 * is dropped and reported, never a broken send. One source per document, kept while the sender runs
 * (a team sends a handful of updates).
 */
export function updateContentById(sourceFor: (params: { id: string }) => () => Promise<unknown>, log: Log) {
  const sources = new Map<string, CheckedSource<UpdateContent[]>>()
  return async (id: string): Promise<UpdateContent | undefined> => {
    let source = sources.get(id)
    if (!source) {
      source = checkedSource(`the update ${id}`, sourceFor({ id }), contentChecker(updateEmailQueryParser), log)
      sources.set(id, source)
    }
    return (await source())?.[0]
  }
}
