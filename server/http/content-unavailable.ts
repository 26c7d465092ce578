import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * The content source did not answer (hosted Sanity down or refusing, the seed unreadable offline):
 * not a fault of this server nor of the request, so a route that cannot answer without the content
 * says so with a 502 (the upstream failed) and what to do, rather than a 500. Its cause, which can
 * name files or the API's own words, goes to the log only.
 */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError'
  /** What any other error handler answers it with (error-answers.ts). */
  readonly statusCode = 502

  constructor(cause: unknown) {
    super('The content source (Sanity, or the seed offline) did not answer: try again in a moment.', { cause })
  }
}

/** `read`'s answer; its failure, whatever it was, as a ContentUnavailableError. */
export const fromContent = <T>(read: Promise<T>): Promise<T> =>
  read.catch((error: unknown) => {
    throw new ContentUnavailableError(error)
  })

/** A ContentUnavailableError as the Launch API answers a refusal (`{ error }`), logged once here with its cause. */
export function answerContentUnavailable(error: ContentUnavailableError, request: FastifyRequest, reply: FastifyReply) {
  request.log.warn({ err: error.cause }, 'content source unavailable: answered 502')
  return reply.code(502).send({ error: error.message })
}
