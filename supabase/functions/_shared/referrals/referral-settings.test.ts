import { describe, expect, it, vi } from 'vitest'
import { noteReferralSettings } from './referral-settings.ts'
import type { StandingCopyContent } from './standing-copy.ts'

function setup(read: () => Promise<StandingCopyContent | undefined>) {
  const query = vi.fn(async () => ({ rows: [] }))
  const log = vi.fn()
  return { run: () => noteReferralSettings({ query }, read, log), query, log }
}

const withRules = (placesPerReferral: unknown, leaderboard: unknown) =>
  ({ settings: null, referrals: { placesPerReferral, leaderboard } }) as unknown as StandingCopyContent

describe('noteReferralSettings', () => {
  it('writes what marketers set', async () => {
    const { run, query } = setup(async () => withRules(3, true))
    await run()
    expect(query).toHaveBeenCalledWith('select referrals.note_settings($1, $2)', [3, true])
  })

  it('writes the code’s rules when the content has no Referrals document, and 0 when marketers chose 0', async () => {
    const none = setup(async () => ({ settings: null, referrals: null }))
    await none.run()
    expect(none.query).toHaveBeenCalledWith('select referrals.note_settings($1, $2)', [10, false])
    const zero = setup(async () => withRules(0, false))
    await zero.run()
    expect(zero.query).toHaveBeenCalledWith('select referrals.note_settings($1, $2)', [0, false])
  })

  it('takes the code’s rule for a number the Studio would refuse', async () => {
    for (const wrong of [-1, 2.5, 1001, '7', null]) {
      const { run, query } = setup(async () => withRules(wrong, 'yes'))
      await run()
      expect(query).toHaveBeenCalledWith('select referrals.note_settings($1, $2)', [10, false])
    }
  })

  it('changes nothing when the content cannot be read, and logs a failure for the next sweep', async () => {
    const unread = setup(async () => undefined)
    await unread.run()
    expect(unread.query).not.toHaveBeenCalled()
    const failing = setup(async () => {
      throw new Error('CDN down')
    })
    await failing.run()
    expect(failing.query).not.toHaveBeenCalled()
    expect(failing.log).toHaveBeenCalledWith('warn', expect.stringContaining('will retry'), { error: 'CDN down' })
  })
})
