import { describe, expect, it } from 'vitest'
import { createClientLimit } from './client-limit.ts'

describe('createClientLimit', () => {
  it('admits maxHits per window per address, then none until the window ends', () => {
    const limit = createClientLimit({ maxHits: 3, perSeconds: 60 })
    const taken = Array.from({ length: 5 }, () => limit.take('203.0.113.7', 1_000))
    expect(taken).toEqual([true, true, true, false, false])
    expect(limit.take('203.0.113.8', 1_000)).toBe(true)
    expect(limit.take('203.0.113.7', 61_000)).toBe(true)
  })

  it('counts IPv6 clients per /64', () => {
    const limit = createClientLimit({ maxHits: 1, perSeconds: 60 })
    expect(limit.take('2001:db8:1:2::1', 0)).toBe(true)
    expect(limit.take('2001:db8:1:2:ffff::9', 0)).toBe(false)
    expect(limit.take('2001:db8:1:3::1', 0)).toBe(true)
  })
})
