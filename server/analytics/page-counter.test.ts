import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import type { AnalyticsApi, FormStartCount, VisitCount } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import { createPageCounter, type PageCounter } from './page-counter.ts'

/** A stand-in for the database's functions: today's and yesterday's salts, and every call recorded. */
function fakeApi({ failVisits = false } = {}) {
  const visits: VisitCount[][] = []
  const starts: FormStartCount[][] = []
  const api: AnalyticsApi = {
    salts: async () => [
      { day: '2026-11-25', salt: '11'.repeat(16) },
      { day: '2026-11-24', salt: '22'.repeat(16) },
    ],
    countVisits: async (batch) => {
      if (failVisits) throw new Error('connection terminated')
      visits.push(batch)
      return batch.length
    },
    countFormStarts: async (batch) => (starts.push(batch), batch.length),
    sweep: async () => ({ salts_deleted: 0, visits_rolled_up: 0, aggregates_deleted: 0 }),
    report: async () => ({}),
  }
  return { api, visits, starts }
}

const facts = { language: 'pt', entry_page: '/', device: 'desktop' } as const
const ana = { address: '203.0.113.7', userAgent: 'Mozilla/5.0 Ana' }
const now = new Date('2026-11-25T12:00:00Z')

let counter: PageCounter | undefined
afterEach(async () => {
  await counter?.close()
  counter = undefined
})

function start(api: AnalyticsApi, options: { maxHits?: number; maxWaiting?: number } = {}) {
  counter = createPageCounter({
    api,
    site: 'pulso.app',
    clock: () => now,
    retentionMonths: 25,
    perClient: { maxHits: options.maxHits ?? 1000, perSeconds: 60 },
    log: pino({ level: 'silent' }),
    ...(options.maxWaiting ? { maxWaiting: options.maxWaiting } : {}),
  })
  return counter
}

describe('createPageCounter', () => {
  it('writes each visitor once per write, views before form starts, identified by the day’s salt', async () => {
    const { api, visits, starts } = fakeApi()
    const counter = start(api)
    counter.view(ana, facts)
    counter.view(ana, { ...facts, entry_page: '/privacidade' })
    counter.formStart(ana)
    counter.view({ ...ana, address: '203.0.113.8' }, facts)
    await counter.flush()
    expect(visits).toHaveLength(1)
    expect(
      visits[0]?.map(({ visitor, page_views, entry_page }) => ({ visitor: visitor.length, page_views, entry_page })),
    ).toEqual([
      { visitor: 32, page_views: 2, entry_page: '/' },
      { visitor: 32, page_views: 1, entry_page: '/' },
    ])
    expect(starts[0]).toEqual([
      {
        day: '2026-11-25',
        visitor: visits[0]?.[0]?.visitor,
        previous_visitor: expect.stringMatching(/^[0-9a-f]{32}$/),
        form_starts: 1,
      },
    ])
    expect(counter.stats()).toEqual({ written: 4, dropped: 0, overLimit: 0 })
  })

  it('counts a client up to its limit and serves the rest uncounted', async () => {
    const { api, visits } = fakeApi()
    const counter = start(api, { maxHits: 5 })
    for (let n = 0; n < 50; n++) counter.view(ana, facts)
    await counter.flush()
    expect(visits[0]?.[0]?.page_views).toBe(5)
    expect(counter.stats().overLimit).toBe(45)
  })

  it('keeps at most its bound of visitors waiting and counts the others as dropped', async () => {
    const { api, visits } = fakeApi()
    const counter = start(api, { maxWaiting: 3 })
    for (let n = 0; n < 10; n++) counter.view({ address: `10.0.0.${n}`, userAgent: 'x' }, facts)
    await counter.flush()
    expect(visits[0]).toHaveLength(3)
    expect(counter.stats()).toMatchObject({ written: 3, dropped: 7 })
  })

  it('drops a batch whose write fails, and takes new views after it', async () => {
    const { api } = fakeApi({ failVisits: true })
    const counter = start(api)
    counter.view(ana, facts)
    counter.view(ana, facts)
    await counter.flush()
    expect(counter.stats()).toMatchObject({ written: 0, dropped: 2 })
    counter.view(ana, facts)
    await counter.flush()
    expect(counter.stats()).toMatchObject({ dropped: 3 })
  })

  it('writes what waits when it closes', async () => {
    const { api, visits } = fakeApi()
    const counter = start(api)
    counter.view(ana, facts)
    await counter.close()
    expect(visits.flat()).toHaveLength(1)
  })
})
