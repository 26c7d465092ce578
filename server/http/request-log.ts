import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * Fastify's two info lines per request (received, completed) were a large share of the server's
 * time under a burst of sign-ups (docs/decisions/0039-rooms-by-domain.md). Here a request is one debug line (LOG_LEVEL=debug shows them),
 * and a request that ended in an error is still logged as an error.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}
