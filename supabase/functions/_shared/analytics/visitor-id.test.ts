import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dayBefore, randomSalt, saltKey, utcDay, visitorId } from './visitor-id.ts'

const visitor = { address: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' }

describe('visitorId', () => {
  it('is HMAC-SHA256 of the address, the User-Agent and the site under the day’s salt, cut to 16 bytes', async () => {
    const salt = '00112233445566778899aabbccddeeff'
    const expected = createHmac('sha256', Buffer.from(salt, 'hex'))
      .update(`${visitor.address}\n${visitor.userAgent}\n${'pulso.app'}`)
      .digest('hex')
      .slice(0, 32)
    expect(await visitorId(await saltKey(salt), visitor, 'pulso.app')).toBe(expected)
  })

  it('differs from one day’s salt to the next, and from one site to another', async () => {
    const [today, yesterday] = await Promise.all([saltKey(randomSalt()), saltKey(randomSalt())])
    const ids = await Promise.all([
      visitorId(today, visitor, 'pulso.app'),
      visitorId(yesterday, visitor, 'pulso.app'),
      visitorId(today, visitor, 'other.example'),
    ])
    expect(new Set(ids).size).toBe(3)
  })

  it('names UTC days', () => {
    expect(utcDay(new Date('2026-11-25T23:59:59-03:00'))).toBe('2026-11-26')
    expect(dayBefore('2026-03-01')).toBe('2026-02-28')
  })
})
