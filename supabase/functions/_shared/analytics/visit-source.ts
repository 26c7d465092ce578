// Where a visit came from (docs/product.md §8.2): the campaign parameters of the page address and the
// host of the referring site, never the full referrer. The server reads them from the page request,
// the form's lazily loaded sign-up code from its own page (location.search, document.referrer), so
// both store the same values; the database's CHECK constraints hold the same bounds
// (supabase/migrations/20261125110000_analytics.sql, 20261125110100_signup_attribution.sql).

export interface VisitSource {
  utm_source?: string
  utm_medium?: string
  utm_campaign?: string
  ref?: string
  referrer_host?: string
}

/** The longest campaign value kept, in characters; longer ones are cut. */
export const MAX_PARAMETER_CHARS = 100

const PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const

/** Controls, and the format and separator characters some databases also count as controls. */
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu
/** A host as WHATWG URL writes it (lowercase ASCII, punycode, IPv6 in brackets). */
const HOST = /^[a-z0-9.:[\]-]{1,253}$/

/** A parameter's first value, without control characters or surrounding spaces, cut to the bound; undefined when empty. */
function parameter(search: URLSearchParams, name: string): string | undefined {
  const value = search.get(name)?.replace(CONTROL, '').trim()
  if (!value) return undefined
  // By code points, as the database counts characters, so that no surrogate pair is split.
  return Array.from(value).slice(0, MAX_PARAMETER_CHARS).join('').trim()
}

const withoutWww = (host: string) => host.replace(/^www\./, '')

/** The referring site's host, when it is another site reached over http(s). */
function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | undefined {
  if (!referrer) return undefined
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  const host = withoutWww(url.hostname)
  if (!HOST.test(host) || ownHosts.some((own) => withoutWww(own) === host)) return undefined
  return host
}

/**
 * The source of a page: `search` is its address's query (with or without the `?`), `referrer` the
 * address of the page before it, `ownHosts` the site's own host names (a referrer there is no source).
 */
export function visitSource(search: string, referrer: string | undefined, ownHosts: readonly string[]): VisitSource {
  const query = new URLSearchParams(search)
  const source: VisitSource = {}
  for (const name of PARAMETERS) {
    const value = parameter(query, name)
    if (value !== undefined) source[name] = value
  }
  const host = referrerHost(referrer, ownHosts)
  if (host !== undefined) source.referrer_host = host
  return source
}
