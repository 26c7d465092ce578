import styled from 'styled-components'
import type { ReferralPageCopy } from '../../shared/content/referral-fallbacks.ts'

/** One row of the leaderboard: a masked name ("A*** S.", null when none can be shown) and a count, nothing else. */
export interface LeaderboardRow {
  name: string | null
  credited: number
}

/** The people with the most confirmed referrals, in order (docs/product.md §13.4); the page's own heading on the leaderboard page. */
export function LeaderboardTable({
  rows,
  copy,
  pageHeading = false,
}: {
  rows: LeaderboardRow[]
  copy: ReferralPageCopy
  pageHeading?: boolean
}) {
  const Heading = pageHeading ? 'h1' : 'h2'
  return (
    <section aria-labelledby="leaderboard">
      <Heading id="leaderboard">{copy.leaderboardTitle}</Heading>
      {rows.length === 0 ? (
        <p>{copy.leaderboardEmpty}</p>
      ) : (
        <Ranking aria-labelledby="leaderboard">
          {rows.map((row, index) => (
            <li key={index}>
              <span>{row.name ?? copy.anonymous}</span>
              <strong>{row.credited}</strong>
            </li>
          ))}
        </Ranking>
      )}
    </section>
  )
}

const Ranking = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.lg};
  li > span {
    margin-right: ${({ theme }) => theme.space.sm};
  }
`
