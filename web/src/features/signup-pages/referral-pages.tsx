import type { LinkState, SignupPagesCopy } from '../../shared/content/signup-pages-copy.ts'
import { pathForLocale } from '../../shared/i18n/locale-preference.ts'
import { useLocale } from '../../shared/i18n/locale-context.tsx'
import { LeaderboardTable, type LeaderboardRow } from './leaderboard-table.tsx'
import { NoticeLayout } from './notice-layout.tsx'
import { StandingCard, type StandingView } from './standing-card.tsx'

/** What a referral page shows: a person's status (from their signed link), or the public leaderboard. */
export type ReferralPage =
  { page: 'status'; state: LinkState; standing?: StandingView } | { page: 'leaderboard'; leaderboard: LeaderboardRow[] }

/** The page's heading, for its <title> too. */
export function referralPageTitle(page: ReferralPage, copy: SignupPagesCopy): string {
  if (page.page === 'leaderboard') return copy.referrals.leaderboardTitle
  return page.standing ? copy.referrals.title : page.state === 'unavailable' ? copy.unavailable.title : copy.invalid.title
}

/**
 * A person's referral status page (docs/product.md §13.1), opened from the link in their emails,
 * or the public leaderboard; server-rendered like the other sign-up pages, with nothing to run in
 * the browser. A status link that is not ours (or whose person is gone) says so.
 */
export function ReferralPageView({ view, copy }: { view: ReferralPage; copy: SignupPagesCopy }) {
  const { locale } = useLocale()
  return (
    <NoticeLayout brandName={copy.brandName} homePath={pathForLocale(locale)}>
      {view.page === 'leaderboard' ? (
        <LeaderboardTable rows={view.leaderboard} copy={copy.referrals} pageHeading />
      ) : view.standing ? (
        <>
          <h1>{copy.referrals.title}</h1>
          <StandingCard standing={view.standing} copy={copy.referrals} />
        </>
      ) : (
        <>
          <h1>{referralPageTitle(view, copy)}</h1>
          <p>{view.state === 'unavailable' ? copy.unavailable.body : copy.invalid.body}</p>
        </>
      )}
      <p>
        <a href={pathForLocale(locale)}>{copy.homeLink}</a>
      </p>
    </NoticeLayout>
  )
}
