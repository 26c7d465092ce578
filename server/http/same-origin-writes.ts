/**
 * Writes only from the tool's own pages (docs/decisions/0058-same-origin-writes.md). The Launch
 * tool's credential is a cookie a browser sends along with any request to its API, a cross-site
 * form's too; so every request that could change something (any method but GET, HEAD and OPTIONS)
 * under the guarded prefix is refused with 403 before its body is read, unless:
 *
 * - its `Origin` is one of the allowed origins (the Studio's, the site's own), or, where a browser
 *   sends no `Origin`, its `Sec-Fetch-Site` is `same-origin` (or `same-site`, when the Studio is on
 *   the site's own site); a request with neither comes from no page of ours;
 * - and its body, if it has one, is JSON, which no form can send.
 *
 * One hook on the root, matching the path, so that every route under the prefix has the rule,
 * present and future, wherever it is registered.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface SameOriginWritesOptions {
  /** The paths the rule guards: `/api/launch/`. */
  prefix: string
  /** The origins whose pages may write there (scheme, host and port: `https://studio.example`). */
  origins: readonly string[]
}

/** Why a write is refused, for the log; undefined when it comes from an allowed page with a JSON body or none. */
export function writeRefusal(
  headers: FastifyRequest['headers'],
  { origins, sameSiteAllowed }: { origins: readonly string[]; sameSiteAllowed: boolean },
): string | undefined {
  const { origin } = headers
  const fetchSite = headers['sec-fetch-site']
  if (origin !== undefined) {
    if (!origins.includes(origin)) return 'the request came from another origin'
  } else if (fetchSite !== 'same-origin' && !(fetchSite === 'same-site' && sameSiteAllowed)) {
    return fetchSite === undefined ? 'the request names no origin' : `the request came from a ${fetchSite} page`
  }
  const hasBody = (headers['content-length'] !== undefined && headers['content-length'] !== '0') || 'transfer-encoding' in headers
  if (hasBody && !isJson(headers['content-type'])) return 'the body is not JSON'
  return undefined
}

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '')

/**
 * Whether two origins are the same site (a browser's `same-site`): the same scheme and the same
 * registrable domain, taken here as the host's last two labels (a public-suffix list would say more;
 * this only ever widens what a page of the Studio's own site may send without an `Origin`).
 */
export function sameSite(one: string, other: string): boolean {
  const [a, b] = [new URL(one), new URL(other)]
  const registrable = (host: string) => (/^[\d.]+$|:/.test(host) ? host : host.split('.').slice(-2).join('.'))
  return a.protocol === b.protocol && registrable(a.hostname) === registrable(b.hostname)
}

export function sameOriginWrites({ prefix, origins }: SameOriginWritesOptions): onRequestHookHandler {
  const [first, ...others] = origins
  const sameSiteAllowed = first !== undefined && others.every((other) => sameSite(first, other))
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (READS.has(request.method)) return
    const path = request.url.split('?')[0] ?? ''
    if (!path.startsWith(prefix) && !(request.routeOptions.url ?? '').startsWith(prefix)) return
    const refusal = writeRefusal(request.headers, { origins, sameSiteAllowed })
    if (!refusal) return
    request.log.warn({ reason: refusal, origin: request.headers.origin }, 'a write from outside the tool was refused')
    return reply
      .code(403)
      .header('vary', 'origin')
      .send({ error: 'Changes come only from the Launch tool’s own pages: this request came from elsewhere.' })
  }
}
