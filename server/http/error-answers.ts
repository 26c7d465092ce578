import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { isDatabaseUnavailable } from '../../supabase/functions/_shared/runtime/database-errors.ts'

/** How soon a client may try again while the database is away (restarting, or a dropped connection). */
const DATABASE_RETRY_SECONDS = 5

/**
 * The last word on any error no route answered itself, in Fastify's own shape. A refusal of the
 * request (4xx: body too large, bad JSON, wrong content type) keeps Fastify's clear message; a
 * fault of ours (5xx, or an error with no status) says only that, and its detail goes to the log:
 * an error's message can name files, SQL or library internals. The database being away (stopped,
 * restarting, a connection it ended; or a socket error from another service called) is a 503 with
 * Retry-After: the same request can work again.
 */
export function answerWithoutInternals(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode } = error
  const databaseAway = isDatabaseUnavailable(error)
  const status = databaseAway ? 503 : typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600 ? statusCode : 500
  if (status < 500) {
    request.log.info({ err: error }, 'request refused')
    return reply.code(status).send({ statusCode: status, code: error.code, error: STATUS_CODES[status], message: error.message })
  }
  request.log.error({ err: error }, 'request failed')
  if (databaseAway) reply.header('retry-after', String(DATABASE_RETRY_SECONDS))
  return reply
    .code(status)
    .send({ statusCode: status, error: STATUS_CODES[status], message: 'The server could not answer this request.' })
}
