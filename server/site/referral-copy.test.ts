// The words around a person's place and link are written twice in the code, each where its runtime
// can read them: the pages' fallbacks (web/) and the place email's (supabase/, which the edge
// functions deploy alone). Both are the seed's words, so they say the same thing.
import { describe, expect, it } from 'vitest'
import { locales } from '../../schemas/locales.ts'
import { loadSeedSignupContent } from '../../test/web/seed-content.ts'
import { referralPageFallbacks } from '../../web/src/shared/content/referral-fallbacks.ts'
import { standingFallbacks } from '../../supabase/functions/_shared/referrals/standing-copy.ts'

const shared = ['place', 'linkLabel', 'linkIntro', 'linkIntroNoMove', 'credited', 'nextMilestone'] as const

describe('the referral fallbacks', () => {
  it.each(locales)('say the same on the pages and in the place email (%s)', (locale) => {
    for (const key of shared) expect(standingFallbacks[locale][key], key).toBe(referralPageFallbacks[locale][key])
    expect(standingFallbacks[locale].milestones).toEqual(referralPageFallbacks[locale].milestones)
  })

  it.each(locales)('are the seed’s words (%s)', async (locale) => {
    const referrals = (await loadSeedSignupContent()).referrals
    for (const key of [
      ...shared,
      'title',
      'notWaiting',
      'invited',
      'held',
      'leaderboardTitle',
      'leaderboardEmpty',
      'anonymous',
    ] as const) {
      expect(referralPageFallbacks[locale][key], key).toBe(referrals?.[key]?.[locale])
    }
    expect(referralPageFallbacks[locale].milestones).toEqual(
      referrals?.milestones?.map((milestone) => ({ friends: milestone.friends, text: milestone.text?.[locale] })),
    )
  })
})
