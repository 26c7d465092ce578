import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/** Every page opens Sanity's live events stream; unless a test says otherwise, it stays quiet. */
export const LIVE_EVENTS_PATH = '*/v:version/data/live/events/:dataset'

/** A Server-Sent Events answer that stays open: `welcome` now, then whatever `push` is given. */
export function eventStream(onOpen: (push: (event: string, data: object, id?: string) => void) => void = () => undefined) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const push = (event: string, data: object, id?: string) =>
        controller.enqueue(encoder.encode(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
      push('welcome', {})
      onOpen(push)
    },
  })
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
}

/**
 * The network as the web's unit tests see it; each test adds the handlers it needs. The page
 * calls it with `fetch` and `EventSource` (a fetch-based one in the tests, see setup.ts), both of
 * which msw intercepts within its request context.
 */
export const server = setupServer(http.get(LIVE_EVENTS_PATH, () => eventStream()))
