/**
 * Per-client request rates on the content endpoints: the query API, the images and the live
 * stream, each counted apart, per client address (client-address.ts) in a window of its own.
 * Over the limit: 429 with `Retry-After`. Requests with the viewer token (this server checking a
 * preview secret, scripts) are not counted. Registered beside the routes it limits, in their
 * scope, it adds its hook to each of them as they are declared (docs/decisions/0030-per-client-limits-on-content-endpoints.md).
 */
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { clientKey } from '../http/client-address.ts'
import type { RequestLimit } from '../config.ts'
import { hasViewerToken } from './viewer-token.ts'
import type { ContentEndpoint } from './content-bounds.ts'

export interface ContentLimitsOptions {
  rate: Record<ContentEndpoint, RequestLimit>
  viewerToken: string | undefined
}

/**
 * Counters kept at once (one per endpoint and address, about 200 bytes each): the least recently
 * seen is forgotten first, so memory stays bounded whatever the number of addresses.
 */
const COUNTERS_KEPT = 30_000

/** Which endpoint a route is, from the path it was declared with. */
function endpointOf(request: FastifyRequest): ContentEndpoint | undefined {
  const route = request.routeOptions.url ?? ''
  if (route.startsWith('/images/')) return 'images'
  if (route.includes('/data/query/')) return 'query'
  if (route.includes('/data/live/')) return 'live'
  return undefined
}

const contentLimitsPlugin: FastifyPluginAsync<ContentLimitsOptions> = async (app, { rate, viewerToken }) => {
  const limitOf = (request: FastifyRequest) => rate[endpointOf(request) ?? 'query']
  await app.register(fastifyRateLimit, {
    keyGenerator: (request) => `${endpointOf(request)} ${clientKey(request)}`,
    max: (request) => limitOf(request).maxHits,
    timeWindow: (request) => limitOf(request).perSeconds * 1000,
    allowList: (request) => endpointOf(request) === undefined || hasViewerToken(request.headers.authorization, viewerToken),
    cache: COUNTERS_KEPT,
    // Thrown into the routes' own error handler, which answers in the API's error shape.
    errorResponseBuilder: (_request, { statusCode, after }) =>
      Object.assign(new Error(`Too many requests from this address: try again in ${after}`), {
        statusCode,
        name: 'rateLimited',
      }),
  })
}

/** Declared without a scope of its own, so it reaches the routes declared after it beside it. */
export const contentLimits = fastifyPlugin(contentLimitsPlugin, { name: 'content-limits' })
