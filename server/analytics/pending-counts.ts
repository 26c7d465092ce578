/**
 * The counts not yet written, merged per visitor and day: however many pages one visitor opens
 * between two writes, it holds one entry. At most `maxEntries` entries: a new visitor beyond them
 * is dropped and counted as dropped, so a flood of addresses cannot grow memory; a visitor already
 * held still adds to its entry. The address and User-Agent wait here, in memory, until the next
 * write turns them into the day's visitor identifier; they are never written anywhere.
 */
import type { VisitCount } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import type { Visitor } from '../../supabase/functions/_shared/analytics/visitor-id.ts'

/** What a page view says about its visit: everything but the day, the visitor, the count and the pages. */
export type VisitFacts = Omit<VisitCount, 'day' | 'visitor' | 'page_views' | 'pages'>

export interface PendingEntry {
  day: string
  visitor: Visitor
  views: number
  formStarts: number
  /** The views and form starts of each page (its document id) among them. */
  pages: Map<string, { views: number; formStarts: number }>
  /** The first page view's facts; undefined for a visitor with form starts only. */
  facts: VisitFacts | undefined
}

/** At most this many pages held per visitor between two writes: a flood of made-up pages cannot grow an entry. */
const MAX_PAGES_PER_ENTRY = 32

/** The part of a User-Agent that tells visitors apart (visitor-id.ts reads no further). */
const USER_AGENT_CHARS = 512

export function createPendingCounts(maxEntries: number) {
  let entries = new Map<string, PendingEntry>()
  let dropped = 0

  function entryOf(day: string, visitor: Visitor): PendingEntry | undefined {
    const userAgent = visitor.userAgent.slice(0, USER_AGENT_CHARS)
    const key = `${day}\n${visitor.address}\n${userAgent}`
    let entry = entries.get(key)
    if (!entry) {
      if (entries.size >= maxEntries) return undefined
      entry = {
        day,
        visitor: { address: visitor.address, userAgent },
        views: 0,
        formStarts: 0,
        pages: new Map(),
        facts: undefined,
      }
      entries.set(key, entry)
    }
    return entry
  }

  return {
    get size() {
      return entries.size
    },
    addView(day: string, visitor: Visitor, facts: VisitFacts, page?: string): void {
      const entry = entryOf(day, visitor)
      if (!entry) return void (dropped += 1)
      entry.views += 1
      entry.facts ??= facts
      const counts = page === undefined ? undefined : pageOf(entry, page)
      if (counts) counts.views += 1
    },
    addFormStart(day: string, visitor: Visitor, page?: string): void {
      const entry = entryOf(day, visitor)
      if (!entry) return void (dropped += 1)
      entry.formStarts += 1
      const counts = page === undefined ? undefined : pageOf(entry, page)
      if (counts) counts.formStarts += 1
    },
    /** Everything held, handed over and forgotten. */
    take(): PendingEntry[] {
      const taken = [...entries.values()]
      entries = new Map()
      return taken
    },
    /** Counts dropped since the last call. */
    takeDropped(): number {
      const count = dropped
      dropped = 0
      return count
    },
  }
}

/** A page's counts in an entry, made on its first count; none past the bound (the visit still counts). */
function pageOf(entry: PendingEntry, page: string) {
  let counts = entry.pages.get(page)
  if (!counts && entry.pages.size < MAX_PAGES_PER_ENTRY) {
    counts = { views: 0, formStarts: 0 }
    entry.pages.set(page, counts)
  }
  return counts
}

export type PendingCounts = ReturnType<typeof createPendingCounts>
