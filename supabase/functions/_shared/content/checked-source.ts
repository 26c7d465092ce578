import type { Log } from '../runtime/http.ts'
import type { CheckedContent, ContentProblem } from './content-check.ts'

/** A query's content, checked against the schema's types (content-check.ts). */
export interface CheckedSource<Content> {
  /** The content with each wrong value dropped for its fallback; undefined when the answer as a whole is wrong. */
  (): Promise<Content | undefined>
  /** What was dropped from the current answer, document by document. */
  problems(): Promise<ContentProblem[]>
}

/** A problem as a log line says it: `hero/hero oldWayPoints: expected array`. */
export const describeProblem = ({ document, field, expected }: ContentProblem) =>
  `${document ? `${document.type}/${document.id ?? '*'}` : 'the answer'}${field ? ` ${field}` : ''}: expected ${expected}`

/**
 * `source`'s answers, each checked once: the source gives the same answer until the content changes
 * (a new version of the seed, a refresh from Sanity), so a page, a message or a sweep that reads it
 * costs a comparison. The problems are logged when they change, not on every read: a warning naming
 * each document and field, and a line when they are gone (docs/decisions/0062-content-parsed-where-it-enters.md).
 */
export function checkedSource<Content>(
  name: string,
  source: () => Promise<unknown>,
  check: (answer: unknown) => CheckedContent<Content>,
  log: Log,
): CheckedSource<Content> {
  let last: { answer: unknown; checked: CheckedContent<Content> } | undefined
  let logged: string[] = []

  const read = async () => {
    const answer = await source()
    if (last && last.answer === answer) return last.checked
    const checked = check(answer)
    last = { answer, checked }
    const described = checked.problems.map(describeProblem)
    if (described.join('\n') !== logged.join('\n')) {
      if (described.length > 0)
        log('warn', `content problems in ${name}: wrong values dropped for their fallbacks`, { problems: described })
      else log('info', `content problems in ${name} are gone`, { was: logged })
      logged = described
    }
    return checked
  }

  return Object.assign(async () => (await read()).content, { problems: async () => (await read()).problems })
}
