import { http, HttpResponse, type AnyHandler, type UnhandledFrameHandle } from 'msw'
import { defineNetwork, InterceptorSource } from 'msw/experimental'
import { AsyncHandlersController } from 'msw/node'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { HttpRequestInterceptor } from '@mswjs/interceptors/http'

/**
 * The network as the web's unit tests see it; each test adds the handlers it needs.
 *
 * This is `setupServer()` from msw/node plus one interceptor. Vitest loads packages
 * from node_modules with Node's export conditions even under jsdom, so @sanity/client
 * gets get-it's Node build, which sends requests with the `undici` package's own
 * `fetch` instead of the global one and slips past msw's fetch interceptor. The
 * socket-level HttpRequestInterceptor sees those requests too. (In the browser
 * get-it uses `window.fetch`, which the default interceptors cover.)
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
        interceptors: [
          new ClientRequestInterceptor(),
          new XMLHttpRequestInterceptor(),
          new FetchInterceptor(),
          new HttpRequestInterceptor(),
        ],
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
