import { http, HttpResponse, type AnyHandler, type UnhandledFrameHandle } from 'msw'
import { defineNetwork, InterceptorSource } from 'msw/experimental'
import { AsyncHandlersController } from 'msw/node'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'

/**
 * The network as the web's unit tests see it; each test adds the handlers it needs.
 * The page calls it with `fetch` and `EventSource` (a fetch-based one in the tests, see setup.ts).
 */
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

const quietLiveEvents = http.get(LIVE_EVENTS_PATH, () => eventStream())

function setupWebTestServer() {
  const network = defineNetwork({
    sources: [
      new InterceptorSource({
        interceptors: [new ClientRequestInterceptor(), new XMLHttpRequestInterceptor(), new FetchInterceptor()],
      }),
    ],
    handlers: new AsyncHandlersController([quietLiveEvents]),
    onUnhandledFrame: 'warn',
    context: { quiet: true },
  })
  return {
    events: network.events,
    listen(options: { onUnhandledFrame?: UnhandledFrameHandle } = {}) {
      network.configure({ onUnhandledFrame: options.onUnhandledFrame ?? 'warn' })
      void network.enable()
    },
    use: (...handlers: AnyHandler[]) => network.use(...handlers),
    resetHandlers: (...handlers: AnyHandler[]) => network.resetHandlers(...handlers),
    listHandlers: () => network.listHandlers(),
    close: () => void network.disable(),
  }
}

export const server = setupWebTestServer()
