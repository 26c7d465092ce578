import type { Locale } from '../../../../schemas/locales.ts'
import type { SignupPagesQueryResult } from '../../../../schemas/sanity.types.ts'
import { fill } from './fill.ts'
import { localize } from './localize.ts'
import { referralPageFallbacks, type ReferralPageCopy } from './referral-fallbacks.ts'

type ReferralContent = SignupPagesQueryResult['referrals']
type TextKey = Exclude<keyof ReferralPageCopy, 'milestones'>

/**
 * The referral texts in one language: each from the Referrals document when it has it in that
 * language, else the fallback; {brand} filled in. The milestones are the document's when it has
 * any written in this language, in order of how many friends they take.
 */
export function resolveReferralCopy(content: ReferralContent | undefined, locale: Locale, brand: string): ReferralPageCopy {
  const fallback = referralPageFallbacks[locale]
  const texts = Object.fromEntries(
    (Object.keys(fallback) as (keyof ReferralPageCopy)[])
      .filter((key): key is TextKey => key !== 'milestones')
      .map((key) => [key, fill(localize(content?.[key], locale) ?? fallback[key], { brand })]),
  ) as Record<TextKey, string>
  const written = (content?.milestones ?? []).flatMap((milestone) => {
    const text = localize(milestone.text, locale)
    return text && milestone.friends ? [{ friends: milestone.friends, text: fill(text, { brand }) }] : []
  })
  const milestones = (written.length > 0 ? written : fallback.milestones).slice().sort((a, b) => a.friends - b.friends)
  return { ...texts, milestones }
}
