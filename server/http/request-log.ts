import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * Fastify's two info lines per request (received, completed) cost about a sixth of the server's
 * time under a burst of sign-ups. Here a request is one debug line (LOG_LEVEL=debug shows them),
 * and a request that ended in an error is still logged as an error.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}
