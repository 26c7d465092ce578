/**
 * Which page answers count as a page view (docs/product.md §8.1): a 200 to a GET that a person's
 * browser made to show the page. Not HEAD, not a prefetch or prerender, not a bot, not the Studio
 * (its draft preview, or the page framed by it), and not a browser that asks, with Global Privacy
 * Control, not to be tracked.
 */
import { isbot } from 'isbot'
import type { IncomingHttpHeaders } from 'node:http'
import { LRUCache } from 'lru-cache'

export interface SentPage {
  status: number
  /** True when the answer showed drafts to an editor. */
  preview: boolean
}

export type NotCounted = 'not a GET' | 'not a 200' | 'draft preview' | 'prefetch' | 'global privacy control' | 'studio' | 'bot'

/** Headers browsers set on speculative loads: Sec-Purpose (prefetch, prerender), and the older Purpose, X-Purpose, X-Moz. */
const SPECULATIVE = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const
const SPECULATIVE_VALUE = /prefetch|prerender|preview/i

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

function hostOf(address: string): string | undefined {
  // Most page views have no referrer: a URL that fails to parse throws, and a throw costs a stack.
  if (!address) return undefined
  try {
    return new URL(address).host
  } catch {
    return undefined
  }
}

/** isbot's verdict per User-Agent: its one large expression, run once for each browser build seen (a few hundred). */
const botVerdicts = new LRUCache<string, boolean>({ max: 1_000 })

function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent)
  if (verdict === undefined) {
    verdict = isbot(userAgent)
    botVerdicts.set(userAgent, verdict)
  }
  return verdict
}

/** Why this answer is not a page view, or undefined when it is one. `studioHost` is the Studio's host. */
export function notCountedBecause(
  request: { method: string; headers: IncomingHttpHeaders },
  page: SentPage,
  studioHost: string,
): NotCounted | undefined {
  const { headers } = request
  if (request.method !== 'GET') return 'not a GET'
  if (page.status !== 200) return 'not a 200'
  if (page.preview) return 'draft preview'
  if (SPECULATIVE.some((name) => SPECULATIVE_VALUE.test(header(headers, name)))) return 'prefetch'
  if (header(headers, 'sec-gpc').trim() === '1') return 'global privacy control'
  if (header(headers, 'sec-fetch-dest') === 'iframe' || hostOf(header(headers, 'referer')) === studioHost) return 'studio'
  // No User-Agent at all is a script's request, never a browser's.
  const userAgent = header(headers, 'user-agent')
  if (!userAgent || isBot(userAgent)) return 'bot'
  return undefined
}
