import type { FastifyInstance } from 'fastify'
import type { Metrics } from './metrics.ts'

/** Methods named in the histogram's labels; any other is `other`, so a client cannot add series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Times every answer into the latency histogram, by its route's pattern (`/api/launch/waitlist/:id/erase`,
 * never the address asked for; `unmatched` when no route took it) and status class.
 */
export function timeRequests(app: FastifyInstance, { httpDuration }: Pick<Metrics, 'httpDuration'>): void {
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'other',
        route: request.routeOptions.url ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    )
  })
}
