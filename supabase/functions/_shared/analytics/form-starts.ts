// "Form started" is the proof-of-work challenge the form fetches once a visitor starts typing
// (docs/product.md §8.3): counting it adds no request. The start is added to the visitor's visit of
// the day, or of the day before for a page opened before midnight; a start without a counted visit
// (a bot, a browser with Global Privacy Control, a script) is not counted.
import type { AnalyticsApi, FormStartCount } from './analytics-api.ts'
import { createDayKeys } from './day-keys.ts'
import { PAGE_ID } from '../../../../schemas/page-id.ts'
import { dayBefore, utcDay, visitorId, type Visitor } from './visitor-id.ts'

/**
 * The visitor behind a function call, as the gateway names its address: Cloudflare's
 * CF-Connecting-IP on Supabase, else the first X-Forwarded-For entry (what the self-hosted server
 * writes, as TRUST_PROXY decides). Undefined under Global Privacy Control or without an address.
 */
export function visitorOfCall(headers: Headers): Visitor | undefined {
  if (headers.get('sec-gpc')?.trim() === '1') return undefined
  const address = headers.get('cf-connecting-ip')?.trim() || headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  if (!address) return undefined
  return { address, userAgent: headers.get('user-agent') ?? '' }
}

/**
 * `starts` form starts of one visitor on `day`, identified under that day's key and the day before's,
 * made on `page` (a page's document id) when the form said which.
 */
export async function formStartCount(
  keys: ReadonlyMap<string, CryptoKey>,
  day: string,
  visitor: Visitor,
  site: string,
  starts: number,
  page?: string,
): Promise<FormStartCount | undefined> {
  const key = keys.get(day)
  if (!key) return undefined
  const previousKey = keys.get(dayBefore(day))
  return {
    day,
    visitor: await visitorId(key, visitor, site),
    previous_visitor: previousKey ? await visitorId(previousKey, visitor, site) : undefined,
    form_starts: starts,
    ...(page ? { page } : {}),
  }
}

/**
 * The page a challenge was asked for from: the form names it in the address (`?page=<id>`, the
 * sign-up code, proof-of-work.ts); anything that is not a page's id is no page.
 */
export function pageOfCall(url: string): string | undefined {
  const page = new URL(url, 'http://function.invalid').searchParams.get('page') ?? ''
  return PAGE_ID.test(page) ? page : undefined
}

/**
 * Counts each form start at once, for the edge function on hosted Supabase (the self-hosted server
 * batches them with its page views instead). `site` is the site's host, as the site server hashes it.
 */
export function createFormStartCounter(api: Pick<AnalyticsApi, 'salts' | 'countFormStarts'>, site: string) {
  const keys = createDayKeys(api)
  return async (headers: Headers, url: string): Promise<void> => {
    const visitor = visitorOfCall(headers)
    if (!visitor) return
    const now = new Date()
    const start = await formStartCount(await keys.at(now), utcDay(now), visitor, site, 1, pageOfCall(url))
    if (start) await api.countFormStarts([start])
  }
}
