import { z } from 'zod/mini'
import { conformContent, strictParser, type AnswerSource, type AnswerSources, type ContentParser } from './content-parser.ts'

/** A value of the content that the schema's types do not allow, dropped for its fallback. */
export interface ContentProblem {
  /** The document holding it: without an id when a list of documents is wrong as a whole; none when the answer itself is. */
  document?: { type: string; id?: string }
  /** Where in the document: its field, and below it (`oldWayPoints[1].pt`). */
  field: string
  /** What the schema has there (`string`, `array`, `"chat" | "video"`…). */
  expected: string
}

/** Problems named once: the same field read by two queries (the brand, by the page and the mail) is one problem. */
export const uniqueProblems = (problems: readonly ContentProblem[]): ContentProblem[] => [
  ...new Map(problems.map((problem) => [JSON.stringify(problem), problem])).values(),
]

export interface CheckedContent<Content> {
  /** The content with each wrong value dropped; undefined when the answer as a whole is wrong. */
  content: Content | undefined
  problems: ContentProblem[]
}

/** Problems kept per answer: enough to find every broken field; a list of a thousand wrong items is one fix. */
export const MAX_PROBLEMS = 100

const expectedOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'invalid_type') return issue.expected
  if (issue.code === 'invalid_value') return issue.values.map((value) => JSON.stringify(value)).join(' | ')
  // A discriminated union names its kinds (a page section's `_type`); another union has none to name.
  if (issue.code === 'invalid_union')
    return 'options' in issue && Array.isArray(issue.options)
      ? issue.options.map((option) => JSON.stringify(option)).join(' | ')
      : 'one of its kinds'
  return issue.code
}

const fieldOf = (path: readonly PropertyKey[]) =>
  path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : `${i === 0 ? '' : '.'}${String(segment)}`)).join('')

/**
 * The field as Sanity names it, walking the answer: a list item that has a `_key` by its key
 * (`sections[_key=="hero"].headline`), since the answer's list may leave items out (a page's hidden
 * sections) and its index then names another item of the document.
 */
function keyedFieldOf(path: readonly PropertyKey[], part: unknown): string {
  let node = part
  return path
    .map((segment, i) => {
      const parent = node
      node = typeof parent === 'object' && parent !== null ? (parent as Record<PropertyKey, unknown>)[segment] : undefined
      if (typeof segment !== 'number') return `${i === 0 ? '' : '.'}${String(segment)}`
      const key = typeof node === 'object' && node !== null ? (node as { _key?: unknown })._key : undefined
      return typeof key === 'string' ? `[_key==${JSON.stringify(key)}]` : `[${segment}]`
    })
    .join('')
}

const idOf = (document: unknown) =>
  typeof document === 'object' && document !== null && typeof (document as { _id?: unknown })._id === 'string'
    ? (document as { _id: string })._id
    : undefined

/**
 * The deepest document the answer dereferenced on the way to the wrong value (a page's statistic, a
 * testimonial: projected with their `_id` and `_type`), since that document is the one to fix, not
 * the page that refers to it.
 */
function referencedDocumentOn(path: readonly PropertyKey[], part: unknown) {
  let node = part
  let found: { document: { type: string; id: string }; path: readonly PropertyKey[]; node: unknown } | undefined
  path.forEach((segment, i) => {
    node = typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[segment] : undefined
    const { _id, _type } = typeof node === 'object' && node !== null ? (node as { _id?: unknown; _type?: unknown }) : {}
    if (typeof _id === 'string' && typeof _type === 'string') {
      found = { document: { type: _type, id: _id }, path: path.slice(i + 1), node }
    }
  })
  return found
}

/** The problem an issue of the strict parse is: the document it is in (from the answer's sources) and the field. */
function problemOf(issue: z.core.$ZodIssue, sources: AnswerSources, answer: unknown): ContentProblem {
  const expected = expectedOf(issue)
  let source: AnswerSource | undefined
  let path = issue.path
  let part = answer
  if ('whole' in sources) source = sources.whole
  else {
    const [key, ...rest] = path
    source = typeof key === 'string' ? sources.attributes[key] : undefined
    path = rest
    part =
      typeof key === 'string' && typeof answer === 'object' && answer !== null
        ? (answer as Record<string, unknown>)[key]
        : undefined
  }
  if (!source) return { field: fieldOf(issue.path), expected }
  if ('id' in source) {
    return {
      document: { type: source.type, id: source.id },
      field: fieldOf([...(source.field ? [source.field] : []), ...path]),
      expected,
    }
  }
  if ('byId' in source) {
    const referenced = referencedDocumentOn(path, part)
    if (referenced) return { document: referenced.document, field: keyedFieldOf(referenced.path, referenced.node), expected }
    const id = idOf(part)
    return { document: { type: source.type, ...(id ? { id } : {}) }, field: keyedFieldOf(path, part), expected }
  }
  const [index, ...rest] = path
  if (typeof index !== 'number') return { document: { type: source.type }, field: fieldOf(path), expected }
  const id = Array.isArray(part) ? idOf(part[index]) : undefined
  return { document: { type: source.type, ...(id ? { id } : {}) }, field: fieldOf(rest), expected }
}

/**
 * A checker of a query's answers: the content with each wrong value dropped (as the browser gets it,
 * content-parser.ts) and the problems, each naming its document and field. Right content costs one
 * parse; content with a problem, two.
 */
export function contentChecker<Answer extends z.ZodMiniType>(parser: ContentParser<Answer>) {
  const strict = strictParser(parser)
  const conform = conformContent(parser)
  return (answer: unknown): CheckedContent<z.output<Answer>> => {
    const checked = z.safeParse(strict, answer)
    if (checked.success) return { content: checked.data, problems: [] }
    const issues = checked.error.issues.slice(0, MAX_PROBLEMS)
    return { content: conform(answer), problems: issues.map((issue) => problemOf(issue, parser.sources, answer)) }
  }
}
