import { matchRoute } from '../../web/src/shared/routes.ts'

/**
 * Where a preview link may send the browser: `target` read as the browser would read it (WHATWG
 * URL, relative to the site), kept only when it stays on the site's origin and names one of the
 * site's pages; anything else is the home page. The browser's own parsing decides, not a prefix
 * check: it drops tabs and newlines and reads `\` as `/`, so `/<TAB>/evil.example` is
 * `//evil.example`, another site. The answer is the URL's serialization, percent-encoded ASCII,
 * so it always fits in a Location header.
 */
export function siteRedirect(target: unknown, siteUrl: string): string {
  // A repeated parameter arrives as a list: no single target, so none.
  if (typeof target !== 'string') return '/'
  const site = new URL(siteUrl)
  let url: URL
  try {
    url = new URL(target, site)
  } catch {
    return '/'
  }
  if (url.origin !== site.origin || matchRoute(url.pathname).page === 'notFound') return '/'
  return `${url.pathname}${url.search}${url.hash}`
}
