import type { PublicConfig } from '../config/public-config.ts'
import { resolveOrigin } from '../config/public-config.ts'

/**
 * The two calls the page makes to Sanity's HTTP API (or to the local server's copy of it), with
 * the browser's own `fetch` and `EventSource` instead of @sanity/client, whose 33 KB compressed
 * would be a third of the page's script budget for two GET requests
 * (docs/decisions/0023-content-api-without-sanity-client.md). Published documents only, no token.
 */

/** Hosted queries go through Sanity's CDN; live events come from the API host itself. */
function apiBase({ sanity }: PublicConfig, host: 'apicdn' | 'api'): string {
  if (sanity.apiHost !== undefined) return resolveOrigin(sanity.apiHost, window.location.origin)
  return `https://${sanity.projectId}.${host}.sanity.io`
}

const dataUrl = (config: PublicConfig, host: 'apicdn' | 'api', endpoint: 'query' | 'live/events') =>
  new URL(`${apiBase(config, host)}/v${config.sanity.apiVersion}/data/${endpoint}/${config.sanity.dataset}`)

export interface QueryAnswer<T> {
  result: T
  /** What the answer depends on: a live event naming one of these means it has changed. */
  syncTags: string[]
}

/**
 * The page's GROQ query over published documents, for the page `page` (its document id) with the
 * visitor's arms as `$arms` (page-query.ts). `lastLiveEventId` makes Sanity's CDN answer with content
 * at least as new as that live event.
 */
export async function fetchQuery<T>(
  config: PublicConfig,
  query: string,
  page: string,
  lastLiveEventId?: string,
): Promise<QueryAnswer<T>> {
  const url = dataUrl(config, 'apicdn', 'query')
  url.searchParams.set('query', query)
  // The page query's parameters: which page, and the visitor's arms of the running experiments (none: the defaults).
  url.searchParams.set('$page', JSON.stringify(page))
  url.searchParams.set('$arms', JSON.stringify(config.variants ?? []))
  url.searchParams.set('returnQuery', 'false')
  url.searchParams.set('perspective', 'published')
  if (lastLiveEventId) url.searchParams.set('lastLiveEventId', lastLiveEventId)
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  const body = (await response.json().catch(() => undefined)) as
    { result?: T; syncTags?: string[]; error?: { description?: string } } | undefined
  if (!response.ok || body === undefined || !('result' in body)) {
    throw new Error(
      `Content query failed: HTTP ${response.status}${body?.error?.description ? ` (${body.error.description})` : ''}`,
    )
  }
  return { result: body.result as T, syncTags: body.syncTags ?? [] }
}

/**
 * What the live stream says: it listens (`welcome`, once), content with these sync tags changed
 * (`message`), or changes may have been missed (`restart`, `reconnect`).
 */
export type LiveEvent =
  { type: 'welcome' } | { type: 'message'; id: string; tags: string[] } | { type: 'restart' } | { type: 'reconnect' }

/**
 * Listens to Sanity's Live Content API (Server-Sent Events): `welcome` on connect, `message`
 * with the sync tags of published changes, `restart` when the stream lost track, `goaway`
 * when the server sheds the connection. A dropped connection reconnects by itself (EventSource)
 * and is reported as `reconnect` once it is back, since changes may have been missed meanwhile.
 * `onStop` is told when the stream is gone for good. Returns a function that closes it.
 */
export function listenToLiveEvents(
  config: PublicConfig,
  onEvent: (event: LiveEvent) => void,
  onStop: (reason: string) => void,
): () => void {
  const source = new EventSource(dataUrl(config, 'api', 'live/events'))
  let welcomed = false
  let dropped = false
  source.addEventListener('welcome', () => {
    if (!welcomed) onEvent({ type: 'welcome' })
    else if (dropped) onEvent({ type: 'reconnect' })
    welcomed = true
    dropped = false
  })
  source.addEventListener('message', (event) => {
    const { tags } = JSON.parse(event.data as string) as { tags?: string[] }
    onEvent({ type: 'message', id: event.lastEventId, tags: tags ?? [] })
  })
  source.addEventListener('restart', () => onEvent({ type: 'restart' }))
  source.addEventListener('goaway', () => {
    source.close()
    onStop('the server closed the stream (goaway)')
  })
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) onStop('the stream could not be opened')
    else dropped = true
  })
  return () => source.close()
}
