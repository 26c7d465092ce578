/**
 * `GET /metrics` in Prometheus's text format, for the operator's scraper only: a request carrying
 * METRICS_TOKEN as its bearer, or one from this machine itself. A request a proxy passed on is never
 * this machine's, whatever its socket says (docs/operations.md "Metrics").
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import type { Registry } from 'prom-client'

export interface MetricsRoutesOptions {
  registry: Registry
  /** METRICS_TOKEN: the bearer a scraper elsewhere sends; undefined, only this machine may read. */
  token: string | undefined
}

/** Headers a proxy adds: a request carrying one came through a proxy, even from a loopback socket. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'via']

const isLoopback = (address: string | undefined) => {
  if (!address || !ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address)
  return parsed.range() === 'loopback'
}

/** The socket is this machine's, nothing says a proxy forwarded it, and TRUST_PROXY's client address agrees. */
function fromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopback(request.socket.remoteAddress) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined) &&
    isLoopback(request.ip)
  )
}

function carriesToken(request: FastifyRequest, token: string | undefined): boolean {
  const [scheme, given] = (request.headers.authorization ?? '').split(' ')
  if (!token || scheme?.toLowerCase() !== 'bearer' || !given) return false
  const expected = Buffer.from(token)
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, { registry, token }) => {
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!carriesToken(request, token) && !fromThisMachine(request)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'Metrics are for this machine, or a scraper with METRICS_TOKEN as its bearer.' })
    }
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
