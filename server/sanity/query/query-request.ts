/**
 * Checks on a query request's own fields before anything evaluates them, each in one pass over
 * the input: a query or params too long or nested too deeply is refused here with a 400, so
 * neither the parser's recursion nor the worker pool ever sees it.
 */
import { nestsDeeperThan } from '../../http/json-depth.ts'
import { GroqRequestError, type QueryParams } from './groq-query.ts'

/** Far deeper than any query of the site (about 6) and far from where groq-js's parser overflows. */
export const MAX_QUERY_DEPTH = 64
/** Parameter values are data: lists of ids, a language; never deeply nested. */
export const MAX_PARAMS_DEPTH = 16

const OPENERS = new Set(['(', '[', '{'])
const CLOSERS = new Set([')', ']', '}'])

/**
 * Throws a `queryParseError` for a query longer than `maxChars` or with brackets nested deeper
 * than MAX_QUERY_DEPTH (brackets inside string literals do not count).
 */
export function checkQueryText(query: string, maxChars: number): void {
  if (query.length > maxChars) {
    throw new GroqRequestError({ type: 'queryParseError', description: `The query is longer than ${maxChars} characters` })
  }
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < query.length; i++) {
    const char = query[i] as string
    if (quote !== undefined) {
      if (char === '\\') i++
      else if (char === quote) quote = undefined
    } else if (char === '"' || char === "'") {
      quote = char
    } else if (OPENERS.has(char)) {
      depth++
      if (depth > MAX_QUERY_DEPTH) {
        throw new GroqRequestError({
          type: 'queryParseError',
          description: `The query nests brackets deeper than ${MAX_QUERY_DEPTH} levels`,
          start: i,
          end: i + 1,
        })
      }
    } else if (CLOSERS.has(char)) {
      depth = Math.max(0, depth - 1)
    }
  }
}

/**
 * Throws an `invalidParameter` error when the parameters, as JSON, are longer than `maxChars`
 * or nested deeper than MAX_PARAMS_DEPTH.
 */
export function checkParams(params: QueryParams, maxChars: number): void {
  if (nestsDeeperThan(params, MAX_PARAMS_DEPTH + 1)) {
    throw new GroqRequestError({
      type: 'invalidParameter',
      description: `Parameter values nest deeper than ${MAX_PARAMS_DEPTH} levels`,
    })
  }
  // Safe now that the depth is bounded; linear in the size.
  if (JSON.stringify(params).length > maxChars) {
    throw new GroqRequestError({
      type: 'invalidParameter',
      description: `The parameters are longer than ${maxChars} characters as JSON`,
    })
  }
}
