/**
 * The local stand-in for Sanity's Live Content API (`GET /v{apiVersion}/data/live/events/{dataset}`),
 * a Server-Sent Events stream that `@sanity/client`'s `client.live.events()` reads: `welcome`
 * on connect, then a `message` with the sync tags whose content changed. Queries answered by
 * content-routes.ts carry the one tag the whole local dataset has, so every seed edit makes
 * open pages refetch.
 */
import type { ServerResponse } from 'node:http'
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import { clientKey } from '../../http/client-address.ts'
import type { ContentChanges } from '../seed-changes.ts'
import { DEFAULT_STREAM_LIMITS, type LiveStreamLimits } from '../content-bounds.ts'

/** Opaque to clients, like Sanity's: the local dataset is one unit of invalidation. */
export const LOCAL_SYNC_TAG = 's1:local-seed'

/** Proxies close idle streams; a comment line every 25 s keeps this one open. */
const KEEP_ALIVE_MS = 25_000

/** A refused stream may try again after this long (EventSource itself does not retry a refusal). */
const RETRY_AFTER_SECONDS = 60

export interface LiveRoutesOptions {
  changes: ContentChanges
  dataset: string
  streams?: LiveStreamLimits
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (
  app,
  { changes, dataset, streams = DEFAULT_STREAM_LIMITS },
) => {
  const open = new Set<ServerResponse>()
  const openPerClient = new Map<string, number>()
  // Errors (a client over its rate, say) answer in the API's error shape too.
  app.setErrorHandler((err: FastifyError, _request, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500
    if (status >= 500) app.log.error(err)
    return apiError(reply, status, status >= 500 ? 'The live stream failed' : err.message)
  })
  // Streams never end on their own; closing the server must end them or it would wait forever.
  app.addHook('preClose', async () => {
    for (const response of open) response.end()
  })

  app.get<{ Params: { apiVersion: string; dataset: string } }>(
    '/v:apiVersion/data/live/events/:dataset',
    async (request, reply) => {
      if (request.params.dataset !== dataset) {
        return apiError(reply, 404, `Dataset "${request.params.dataset}" not found`)
      }
      const client = clientKey(request)
      const ofClient = openPerClient.get(client) ?? 0
      if (ofClient >= streams.perClient) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS))
        return apiError(reply, 429, `This address already has ${ofClient} live streams open`)
      }
      if (open.size >= streams.total) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS))
        return apiError(reply, 503, 'Too many live streams are open: try again later')
      }
      reply.hijack()
      const response = reply.raw
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      // Ended when no event came for a while (keep-alive comments do not count): a tab left open
      // reconnects, a client that vanished without closing frees its slot.
      const idle = setTimeout(() => response.end(), streams.idleMs)
      const send = (event: string, data: object, id?: string) => {
        idle.refresh()
        response.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      }

      send('welcome', {})
      // A page that reconnects after missing a change refetches everything, as after Sanity's `restart`.
      const lastSeen = request.headers['last-event-id']
      if (typeof lastSeen === 'string' && lastSeen !== changes.currentVersion()) send('restart', {})

      const unsubscribe = changes.subscribe((version) => send('message', { tags: [LOCAL_SYNC_TAG] }, version))
      const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
      open.add(response)
      openPerClient.set(client, ofClient + 1)
      response.on('close', () => {
        unsubscribe()
        clearInterval(keepAlive)
        clearTimeout(idle)
        open.delete(response)
        const left = (openPerClient.get(client) ?? 1) - 1
        if (left > 0) openPerClient.set(client, left)
        else openPerClient.delete(client)
      })
    },
  )
}

function apiError(reply: FastifyReply, status: number, description: string) {
  return reply.code(status).header('cache-control', 'no-cache').send({ error: { description } })
}
