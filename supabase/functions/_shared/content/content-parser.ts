import { z } from 'zod/mini'
import { lenientFields, strictFields, type Fields } from './content-fields.ts'

/**
 * Where a part of a query's answer comes from: one document (a singleton, by id), one named by its own
 * `_id` in the answer (a page, chosen by a parameter), or a list of documents, each by its `_id`.
 */
export type AnswerSource =
  { type: string; id: string; field?: string } | { type: string; byId: true } | { type: string; list: true }

/** Where each attribute of an answer that is an object comes from, or the one source of an answer that is not. */
export type AnswerSources = { attributes: Record<string, AnswerSource> } | { whole: AnswerSource }

/** A query's answer as its generated parser (`*.parser.ts`) describes it: its zod type, built with either fields, and its documents. */
export interface ContentParser<Answer extends z.ZodMiniType> {
  build: (fields: Fields) => Answer
  sources: AnswerSources
}

/** What a generated parser declares (scripts/content-parsers.ts writes the calls). */
export function contentParser<Answer extends z.ZodMiniType>(
  build: (fields: Fields) => Answer,
  sources: AnswerSources,
): ContentParser<Answer> {
  return { build, sources }
}

/**
 * The answer with every wrong value dropped where the schema allows it (lenientFields), or
 * undefined when the answer itself is wrong (not an object where one is expected): every field then
 * falls back. What the browser runs on the content it fetches; the server also reports the
 * problems (content-check.ts).
 */
export function conformContent<Answer extends z.ZodMiniType>({ build }: ContentParser<Answer>) {
  const lenient = build(lenientFields)
  return (answer: unknown): z.output<Answer> | undefined => {
    const parsed = z.safeParse(lenient, answer)
    return parsed.success ? parsed.data : undefined
  }
}

/** The parser with the strict fields: its issues say what is wrong and where. */
export const strictParser = <Answer extends z.ZodMiniType>({ build }: ContentParser<Answer>): Answer => build(strictFields)
