/**
 * The local stand-in for Sanity's Live Content API (`GET /v{apiVersion}/data/live/events/{dataset}`),
 * a Server-Sent Events stream that `@sanity/client`'s `client.live.events()` reads: `welcome`
 * on connect, then a `message` with the sync tags whose content changed. Queries answered by
 * content-routes.ts carry the one tag the whole local dataset has, so every seed edit makes
 * open pages refetch.
 */
import type { ServerResponse } from 'node:http'
import type { FastifyPluginAsync } from 'fastify'
import type { ContentChanges } from './seed-changes.ts'

/** Opaque to clients, like Sanity's: the local dataset is one unit of invalidation. */
export const LOCAL_SYNC_TAG = 's1:local-seed'

/** Proxies close idle streams; a comment line every 25 s keeps this one open. */
const KEEP_ALIVE_MS = 25_000

export interface LiveRoutesOptions {
  changes: ContentChanges
  dataset: string
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, { changes, dataset }) => {
  const open = new Set<ServerResponse>()
  // Streams never end on their own; closing the server must end them or it would wait forever.
  app.addHook('preClose', async () => {
    for (const response of open) response.end()
  })

  app.get<{ Params: { apiVersion: string; dataset: string } }>(
    '/v:apiVersion/data/live/events/:dataset',
    async (request, reply) => {
      if (request.params.dataset !== dataset) {
        return reply.code(404).send({ error: { description: `Dataset "${request.params.dataset}" not found` } })
      }
      reply.hijack()
      const response = reply.raw
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      const send = (event: string, data: object, id?: string) =>
        response.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

      send('welcome', {})
      // A page that reconnects after missing a change refetches everything, as after Sanity's `restart`.
      const lastSeen = request.headers['last-event-id']
      if (typeof lastSeen === 'string' && lastSeen !== changes.currentVersion()) send('restart', {})

      const unsubscribe = changes.subscribe((version) => send('message', { tags: [LOCAL_SYNC_TAG] }, version))
      const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
      open.add(response)
      response.on('close', () => {
        unsubscribe()
        clearInterval(keepAlive)
        open.delete(response)
      })
    },
  )
}
