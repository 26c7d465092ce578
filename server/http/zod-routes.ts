/**
 * Routes whose parameters, query and body are zod schemas (docs/decisions/0065-launch-inputs-parsed-at-the-route.md):
 * Fastify runs the schemas a route declares before its handler, a request they refuse is answered
 * 400 with zod's reason as `{ "error" }` (the shape the Launch tool reads), and the handler sees the
 * parsed, typed values. A route without a schema is not touched. A content source that did not answer
 * (content-unavailable.ts) is a 502 in the same shape.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifyTypeProvider,
} from 'fastify'
import { z } from 'zod'
import { answerWithoutInternals } from './error-answers.ts'
import { answerContentUnavailable, ContentUnavailableError } from './content-unavailable.ts'

/** Fastify's types for such routes: a handler's `request.query` is what its schema parses to. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown
}

const parseWithZod: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const parsed = schema.safeParse(data)
    return parsed.success ? { value: parsed.data } : { error: new Error(z.prettifyError(parsed.error)) }
  }

function answerRefusedInput(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ContentUnavailableError) return answerContentUnavailable(error, request, reply)
  if (error.code !== 'FST_ERR_VALIDATION') return answerWithoutInternals(error, request, reply)
  request.log.info({ part: error.validationContext, reason: error.message }, 'request refused')
  return reply.code(400).send({ error: error.message })
}

/**
 * Whether the query's escapes decode to no text: a lone surrogate's bytes (`%ED%A0%80`, which no
 * UTF-8 encoder writes), an overlong NUL, a `%` without two hex digits. Fastify's parser hands such
 * a value over undecoded, as if it were what the client meant.
 */
function malformedQuery(url: string): boolean {
  const start = url.indexOf('?')
  if (start < 0) return false
  try {
    decodeURIComponent(url.slice(start + 1))
    return false
  } catch {
    return true
  }
}

/**
 * Has the routes of `app`'s scope parsed by their zod schemas, after a check that their query is
 * text at all; answers the same instance, typed for them. Hooks added to `app` before this call run
 * before both (a credential is checked first).
 */
export function parsedWithZod(app: FastifyInstance) {
  app.setValidatorCompiler(parseWithZod)
  app.setErrorHandler(answerRefusedInput)
  app.addHook('preValidation', async (request, reply) => {
    if (malformedQuery(request.url))
      return reply
        .code(400)
        .send({ error: 'The address’s query holds an escape that is not UTF-8 text (%xx bytes of no character).' })
  })
  return app.withTypeProvider<ZodTypeProvider>()
}

/** A scope whose routes are parsed by their zod schemas (parsedWithZod). */
export type ZodRoutes = ReturnType<typeof parsedWithZod>
