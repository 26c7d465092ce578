import { describe, expect, it } from 'vitest'
import { createPendingCounts, type VisitFacts } from './pending-counts.ts'

const facts = (entry_page: string): VisitFacts => ({ language: 'pt', entry_page, device: 'phone' })
const ana = { address: '203.0.113.7', userAgent: 'Mozilla/5.0 Ana' }

describe('createPendingCounts', () => {
  it('holds one entry per visitor and day, with the first page’s facts and every view and start, per page too', () => {
    const pending = createPendingCounts(10)
    pending.addView('2026-11-25', ana, facts('/'), 'homePage')
    pending.addView('2026-11-25', ana, facts('/privacidade'))
    pending.addView('2026-11-25', ana, facts('/rh'), 'hrLeaders')
    pending.addFormStart('2026-11-25', ana, 'hrLeaders')
    pending.addFormStart('2026-11-25', ana)
    pending.addView('2026-11-26', ana, facts('/en'))
    expect(pending.size).toBe(2)
    expect(pending.take()).toEqual([
      {
        day: '2026-11-25',
        visitor: ana,
        views: 3,
        formStarts: 2,
        facts: facts('/'),
        pages: new Map([
          ['homePage', { views: 1, formStarts: 0 }],
          ['hrLeaders', { views: 1, formStarts: 1 }],
        ]),
      },
      { day: '2026-11-26', visitor: ana, views: 1, formStarts: 0, facts: facts('/en'), pages: new Map() },
    ])
    expect(pending.size).toBe(0)
  })

  it('drops new visitors past its bound and counts them, while the ones it holds still count', () => {
    const pending = createPendingCounts(2)
    for (let n = 0; n < 1000; n++)
      pending.addView('2026-11-25', { address: `10.0.${n >> 8}.${n & 255}`, userAgent: 'x' }, facts('/'))
    pending.addView('2026-11-25', { address: '10.0.0.0', userAgent: 'x' }, facts('/'))
    expect(pending.size).toBe(2)
    expect(pending.takeDropped()).toBe(998)
    expect(pending.takeDropped()).toBe(0)
    expect(pending.take().map((entry) => entry.views)).toEqual([2, 1])
  })

  it('tells visitors apart by the first 512 characters of their User-Agent only', () => {
    const pending = createPendingCounts(10)
    const long = 'M'.repeat(512)
    pending.addView('2026-11-25', { address: ana.address, userAgent: `${long}a` }, facts('/'))
    pending.addView('2026-11-25', { address: ana.address, userAgent: `${long}b` }, facts('/'))
    expect(pending.take()).toEqual([
      {
        day: '2026-11-25',
        visitor: { address: ana.address, userAgent: long },
        views: 2,
        formStarts: 0,
        facts: facts('/'),
        pages: new Map(),
      },
    ])
  })
})
