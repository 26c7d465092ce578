// Test helper: the ground truth of the counting (docs/product.md §8). A seeded mix of page requests
// from 300 (address, User-Agent) pairs over two days (languages, sources, campaigns, devices, bots,
// Global Privacy Control, prefetches, HEAD, pages that are not 200), each pair's expected visit stated
// outright rather than derived by the code under test, and a plain model of what the report must
// answer for them (docs/launch-api.md).
import type { ReportFilters } from '../../supabase/functions/_shared/analytics/analytics-api.ts'

export type Day = 'yesterday' | 'today'
type Device = 'phone' | 'tablet' | 'desktop'

/** Where a visit comes from: what its request carries, and the dimensions it must be stored with. */
export interface Arrival {
  query: string
  referrer: string | undefined
  expected: { utm_source?: string; utm_medium?: string; utm_campaign?: string; ref?: string; referrer_host?: string }
}

export const arrivals: Arrival[] = [
  { query: '', referrer: undefined, expected: {} },
  { query: '', referrer: 'https://www.google.com/', expected: { referrer_host: 'google.com' } },
  { query: '', referrer: 'https://www.linkedin.com/feed/', expected: { referrer_host: 'linkedin.com' } },
  {
    query: '?utm_source=newsletter&utm_medium=email&utm_campaign=launch',
    referrer: undefined,
    expected: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch' },
  },
  {
    query: '?utm_source=linkedin&utm_medium=social&utm_campaign=launch',
    referrer: 'https://www.linkedin.com/',
    expected: { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'launch', referrer_host: 'linkedin.com' },
  },
  {
    query: '?utm_source=google&utm_medium=cpc&utm_campaign=black%20friday&gclid=abc',
    referrer: 'https://www.google.com/',
    expected: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'black friday', referrer_host: 'google.com' },
  },
  {
    query: '?ref=producthunt',
    referrer: 'https://www.producthunt.com/posts/pulso',
    expected: { ref: 'producthunt', referrer_host: 'producthunt.com' },
  },
  // The site's own pages are no source.
  { query: '', referrer: 'http://localhost/en', expected: {} },
]

const userAgents: Record<Device | 'bot', (n: number) => string> = {
  phone: (n) =>
    n % 2
      ? `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n} Mobile/15E148 Safari/604.1`
      : `Mozilla/5.0 (Linux; Android 14; Pixel ${n % 9}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${n}.0 Mobile Safari/537.36`,
  tablet: (n) =>
    `Mozilla/5.0 (iPad; CPU OS 16_${n % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.${n} Mobile/15E148 Safari/604.1`,
  desktop: (n) =>
    n % 2
      ? `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${n}.0 Safari/537.36`
      : `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_${n % 7}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n} Safari/605.1.15`,
  bot: (n) =>
    [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      `curl/8.${n % 9}.0`,
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.${n}.0 Safari/537.36`,
    ][n % 4] ?? 'bot',
}

export interface Pair {
  n: number
  address: string
  userAgent: string
  device: Device | 'bot'
  /** Sends Sec-GPC: 1 on every request. */
  gpc: boolean
  days: Day[]
  /** How the pair arrives on the first page of each of its days. */
  arrival: Arrival
}

export interface PageRequest {
  pair: Pair
  day: Day
  method: 'GET' | 'HEAD'
  path: string
  arrival: Arrival
  prefetch: boolean
}

/** The pages that answer 200 and count, with their language. */
export const countedPages: Record<string, 'pt' | 'en'> = { '/': 'pt', '/en': 'en', '/privacidade': 'pt', '/en/privacy': 'en' }
/** The page document each address shows, counted "by page" (the privacy pages are none). */
export const pageIdOfPath: Record<string, string> = { '/': 'homePage', '/en': 'homePage' }
/** Pages that answer something else (a 400 link page without a token, a 404). */
const uncountedPages = ['/confirmar', '/en/unsubscribe', '/en/nope']

/** A small seeded generator (mulberry32), so the mix is the same on every run. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T }
}

/**
 * 300 pairs over 250 addresses (some addresses shared by two browsers): 20 bots, 15 with Global
 * Privacy Control; pairs 0-99 come yesterday only, 100-249 today only, 250-299 both days. Then
 * `requests` page requests, each pair at least one per day it comes.
 */
export function syntheticTraffic(requests = 1000) {
  const rng = random(23)
  const devices: (Device | 'bot')[] = ['phone', 'phone', 'phone', 'tablet', 'desktop', 'desktop', 'desktop']
  const pairs: Pair[] = Array.from({ length: 300 }, (_, n) => {
    const device = n % 15 === 7 ? 'bot' : rng.pick(devices)
    return {
      n,
      address: `10.23.${(n % 250) >> 8}.${n % 250}`,
      userAgent: userAgents[device](n),
      device,
      gpc: device !== 'bot' && n % 20 === 3,
      days: n < 100 ? ['yesterday'] : n < 250 ? ['today'] : ['yesterday', 'today'],
      arrival: rng.pick(arrivals),
    }
  })
  const slots = pairs.flatMap((pair) => pair.days.map((day) => ({ pair, day })))
  while (slots.length < requests) slots.push(rng.pick(slots))
  const seen = new Set<string>()
  const planned: PageRequest[] = slots.map(({ pair, day }) => {
    const key = `${pair.n} ${day}`
    const first = !seen.has(key)
    seen.add(key)
    const roll = rng.next()
    return {
      pair,
      day,
      method: roll < 0.05 ? 'HEAD' : 'GET',
      prefetch: roll >= 0.05 && roll < 0.1,
      path: roll >= 0.1 && roll < 0.13 ? rng.pick(uncountedPages) : rng.pick(Object.keys(countedPages)),
      // A visit's first request arrives from its source; later ones carry another, which must not change it.
      arrival: first ? pair.arrival : rng.pick(arrivals),
    }
  })
  // Yesterday's requests first, as time runs.
  const ordered = [...planned.filter((r) => r.day === 'yesterday'), ...planned.filter((r) => r.day === 'today')]
  return { pairs, requests: ordered }
}

export const isCounted = (request: PageRequest) =>
  request.method === 'GET' &&
  !request.prefetch &&
  request.pair.device !== 'bot' &&
  !request.pair.gpc &&
  request.path in countedPages

/** What the report must hold for one visitor on one day. */
export interface ExpectedVisit {
  day: string
  pair: number
  language: 'pt' | 'en'
  entry_page: string
  device: Device
  dims: Arrival['expected']
  page_views: number
  formStarted: boolean
  /** The page documents it saw: their views, and whether a form start was made on each. */
  pages: Map<string, { views: number; formStarted: boolean }>
}

/** Counts a view of the request's page document, if it shows one, on its visit. */
function viewPage(visit: ExpectedVisit, path: string) {
  const page = pageIdOfPath[path]
  if (page === undefined) return
  const seen = visit.pages.get(page) ?? { views: 0, formStarted: false }
  seen.views += 1
  visit.pages.set(page, seen)
}

/** The visits the requests make, each with its first counted page's dimensions. */
export function expectedVisits(requests: PageRequest[], dayOf: (day: Day) => string): Map<string, ExpectedVisit> {
  const visits = new Map<string, ExpectedVisit>()
  for (const request of requests.filter(isCounted)) {
    const key = `${dayOf(request.day)} ${request.pair.n}`
    const visit = visits.get(key)
    if (visit) {
      visit.page_views += 1
      viewPage(visit, request.path)
      continue
    }
    const first: ExpectedVisit = {
      day: dayOf(request.day),
      pair: request.pair.n,
      language: countedPages[request.path] ?? 'pt',
      entry_page: request.path,
      device: request.pair.device as Device,
      dims: request.arrival.expected,
      page_views: 1,
      formStarted: false,
      pages: new Map(),
    }
    viewPage(first, request.path)
    visits.set(key, first)
  }
  return visits
}

/** A step of a place, on a day, with the attribution its sign-up carried (null language: none). */
export interface ExpectedStep {
  day: string
  step: 'signup' | 'welcome' | 'confirmation' | 'removal'
  language: 'pt' | 'en' | null
  device: Device | null
  dims: Arrival['expected']
  /** The page document whose form it was made on, if the sign-up said. */
  page?: string | undefined
}

const sourceOf = (dims: Arrival['expected']) => dims.utm_source ?? dims.ref ?? dims.referrer_host ?? '(direct)'
const campaignOf = (dims: Arrival['expected']) => dims.utm_campaign ?? '(none)'
const ratio = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 10_000

function daysFrom(from: string, to: string): string[] {
  const days: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10))
  }
  return days
}

/** The report (docs/launch-api.md) as the visits and steps above make it, worked out plainly. */
export function expectedReport(
  visits: ExpectedVisit[],
  steps: ExpectedStep[],
  from: string,
  to: string,
  filters: ReportFilters = {},
) {
  const length = daysFrom(from, to).length
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
  const previousFrom = shift(from, -length)
  const previousTo = shift(from, -1)
  const stepsApply = filters.entry_page === undefined
  const matches = (language: string | null, device: string | null, source: string, campaign: string) =>
    (filters.language === undefined || language === filters.language) &&
    (filters.device === undefined || device === filters.device) &&
    (filters.source === undefined || source === filters.source) &&
    (filters.campaign === undefined || campaign === filters.campaign)
  const matchedVisits = visits.filter(
    (v) =>
      matches(v.language, v.device, sourceOf(v.dims), campaignOf(v.dims)) &&
      (filters.entry_page === undefined || v.entry_page === filters.entry_page),
  )
  // Under a page filter, a visit is counted by what it did on that page alone.
  const shownVisits =
    filters.page === undefined
      ? matchedVisits
      : matchedVisits.flatMap((v) => {
          const seen = v.pages.get(filters.page ?? '')
          return seen ? [{ ...v, page_views: seen.views, formStarted: seen.formStarted }] : []
        })
  const shownSteps = stepsApply
    ? steps.filter(
        (s) =>
          matches(s.language, s.device, s.language === null ? '(unknown)' : sourceOf(s.dims), campaignOf(s.dims)) &&
          (filters.page === undefined || s.page === filters.page),
      )
    : []
  const stepCount = (day: string, step: ExpectedStep['step']) =>
    stepsApply ? shownSteps.filter((s) => s.day === day && s.step === step).length : null
  const row = (day: string) => {
    const ofDay = shownVisits.filter((v) => v.day === day)
    return {
      day,
      visitors: ofDay.length,
      page_views: ofDay.reduce((sum, v) => sum + v.page_views, 0),
      form_starts: ofDay.filter((v) => v.formStarted).length,
      signups: stepCount(day, 'signup'),
      welcomes: stepCount(day, 'welcome'),
      confirmations: stepCount(day, 'confirmation'),
      removals: stepCount(day, 'removal'),
    }
  }
  const total = (rows: ReturnType<typeof row>[]) => {
    const sum = (key: Exclude<keyof ReturnType<typeof row>, 'day'>) =>
      stepsApply || !['signups', 'welcomes', 'confirmations', 'removals'].includes(key)
        ? rows.reduce((acc, r) => acc + (r[key] ?? 0), 0)
        : null
    return {
      visitors: sum('visitors'),
      page_views: sum('page_views'),
      form_starts: sum('form_starts'),
      signups: sum('signups'),
      welcomes: sum('welcomes'),
      confirmations: sum('confirmations'),
      removals: sum('removals'),
    }
  }
  const days = daysFrom(from, to).map(row)
  const previousDays = daysFrom(previousFrom, previousTo).map(row)
  const totals = total(days)
  const funnelSteps = ['visitors', 'form_starts', 'signups', 'welcomes', 'confirmations'] as const
  const funnel = funnelSteps.map((step, i) => {
    const count = totals[step]
    const previous = i > 0 ? totals[funnelSteps[i - 1] ?? 'visitors'] : null
    const first = totals.visitors
    return {
      step,
      count,
      of_previous: i === 0 ? 1 : count !== null && previous ? ratio(count, previous) : null,
      of_first: count !== null && first ? ratio(count, first) : null,
      drop_off: i === 0 || count === null || previous === null ? null : previous - count,
    }
  })
  const breakdown = <K extends 'source' | 'campaign'>(key: K, of: (dims: Arrival['expected']) => string) => {
    const inRange = (day: string) => day >= from && day <= to
    const names = new Set([
      ...shownVisits.filter((v) => inRange(v.day)).map((v) => of(v.dims)),
      ...shownSteps
        .filter((s) => inRange(s.day))
        .map((s) => (key === 'source' && s.language === null ? '(unknown)' : of(s.dims))),
    ])
    return [...names]
      .map((name) => {
        const visitors = shownVisits.filter((v) => inRange(v.day) && of(v.dims) === name).length
        const stepsOf = (step: ExpectedStep['step']) =>
          shownSteps.filter(
            (s) =>
              inRange(s.day) && s.step === step && (key === 'source' && s.language === null ? '(unknown)' : of(s.dims)) === name,
          ).length
        const signups = stepsOf('signup')
        return {
          [key]: name,
          visitors,
          signups: stepsApply ? signups : null,
          confirmations: stepsApply ? stepsOf('confirmation') : null,
          conversion: stepsApply && visitors > 0 ? ratio(signups, visitors) : null,
        }
      })
      .sort((a, b) => String(a[key]).localeCompare(String(b[key])))
  }
  const byPage = () => {
    const inRange = (day: string) => day >= from && day <= to
    const visitsInRange = matchedVisits.filter((v) => inRange(v.day))
    const stepsInRange = shownSteps.filter((s) => inRange(s.day) && s.page !== undefined)
    const names = new Set([...visitsInRange.flatMap((v) => [...v.pages.keys()]), ...stepsInRange.map((s) => s.page ?? '')])
    return [...names]
      .filter((page) => filters.page === undefined || page === filters.page)
      .map((page) => {
        const seen = visitsInRange.flatMap((v) => v.pages.get(page) ?? [])
        const stepsOf = (step: ExpectedStep['step']) => stepsInRange.filter((s) => s.page === page && s.step === step).length
        const signups = stepsOf('signup')
        return {
          page,
          visitors: seen.length,
          page_views: seen.reduce((sum, p) => sum + p.views, 0),
          form_starts: seen.filter((p) => p.formStarted).length,
          signups: stepsApply ? signups : null,
          confirmations: stepsApply ? stepsOf('confirmation') : null,
          conversion: stepsApply && seen.length > 0 ? ratio(signups, seen.length) : null,
        }
      })
      .sort((a, b) => a.page.localeCompare(b.page))
  }
  return {
    range: { from, to, days: length },
    previous_range: { from: previousFrom, to: previousTo, days: length },
    filters,
    days,
    totals,
    previous: { days: previousDays, totals: total(previousDays) },
    funnel,
    by_source: breakdown('source', sourceOf),
    by_campaign: breakdown('campaign', campaignOf),
    by_page: byPage(),
  }
}
