import { describe, expect, it } from 'vitest'
import { askedAtMostEvery } from './query-source.ts'

describe('askedAtMostEvery', () => {
  it('shares one answer among callers within the time, then asks again', async () => {
    let now = 5_000
    let asked = 0
    const copy = askedAtMostEvery(async () => `answer ${++asked}`, 1000, { now: () => now })

    expect(await Promise.all([copy(), copy(), copy()])).toEqual(['answer 1', 'answer 1', 'answer 1'])
    now = 5_999
    expect(await copy()).toBe('answer 1')
    now = 6_001
    expect(await copy()).toBe('answer 2')
    expect(asked).toBe(2)
  })

  it('passes a failure to its caller and asks again on the next call', async () => {
    let fail = true
    const copy = askedAtMostEvery(async () => {
      if (fail) throw new Error('seed invalid')
      return 'fixed'
    }, 1000)

    await expect(copy()).rejects.toThrow('seed invalid')
    fail = false
    expect(await copy()).toBe('fixed')
  })
})
