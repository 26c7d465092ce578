import styled from 'styled-components'
import { fill } from '../../shared/content/fill.ts'
import type { ReferralPageCopy } from '../../shared/content/referral-fallbacks.ts'
import { LeaderboardTable, type LeaderboardRow } from './leaderboard-table.tsx'

/** Where a person stands, as the server hands it to the confirmation and status pages (docs/product.md §13.1). */
export interface StandingView {
  state: 'waiting' | 'invited' | 'unconfirmed'
  /** Their place in line while they wait; null otherwise. */
  place: number | null
  waiting: number
  credited: number
  held: number
  placesPerReferral: number
  /** Their personal link: the landing page in their language with their code. */
  referralLink: string
  /** Null when marketers turned the leaderboard off. */
  leaderboard: LeaderboardRow[] | null
}

/** The next milestone a person has not reached, if any. */
function nextMilestone(copy: ReferralPageCopy, credited: number) {
  return copy.milestones.find((milestone) => milestone.friends > credited)
}

/**
 * A person's place in line, their personal link to share (selectable text: the page has no
 * script), how many friends it brought, the next milestone and, when on, the leaderboard.
 */
export function StandingCard({ standing, copy }: { standing: StandingView; copy: ReferralPageCopy }) {
  const milestone = nextMilestone(copy, standing.credited)
  const status =
    standing.place !== null
      ? fill(copy.place, { place: standing.place, waiting: standing.waiting })
      : standing.state === 'invited'
        ? copy.invited
        : copy.notWaiting
  return (
    <>
      <Place role="status">{status}</Place>
      <section aria-labelledby="referral-link">
        <h2 id="referral-link">{copy.linkLabel}</h2>
        <Link aria-labelledby="referral-link">{standing.referralLink}</Link>
        <p>
          {standing.placesPerReferral > 0 ? fill(copy.linkIntro, { places: standing.placesPerReferral }) : copy.linkIntroNoMove}
        </p>
        <p>{fill(copy.credited, { credited: standing.credited })}</p>
        {standing.held > 0 ? <p>{fill(copy.held, { held: standing.held })}</p> : null}
        {milestone ? (
          <p>
            {fill(copy.nextMilestone, { friends: milestone.friends })} {milestone.text}
          </p>
        ) : null}
      </section>
      {standing.leaderboard ? <LeaderboardTable rows={standing.leaderboard} copy={copy} /> : null}
    </>
  )
}

const Place = styled.p`
  font-size: ${({ theme }) => theme.text.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.color.primary};
`

const Link = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  font-family: ui-monospace, monospace;
  overflow-wrap: anywhere;
  user-select: all;
`
