import type { SignupPage as SignupRoute } from '../../shared/routes.ts'
import type { LinkState, SignupPagesCopy } from '../../shared/content/signup-pages-copy.ts'
import { LinkPage } from './link-page.tsx'
import { PrivacyPage } from './privacy-page.tsx'
import type { StandingView } from './standing-card.tsx'

export interface SignupPageViewProps {
  page: SignupRoute
  copy: SignupPagesCopy
  /** On a personal link's page, where the link stands. */
  link?: LinkState | undefined
  /** On a confirmed place's page, where its person stands in line. */
  standing?: StandingView | undefined
}

/**
 * A sign-up page (privacy note, confirmation, removal), complete as the server renders it
 * (entry-server.tsx): the browser never draws one, so its script carries none of them.
 */
export function SignupPageView({ page, copy, link, standing }: SignupPageViewProps) {
  return page === 'privacy' ? (
    <PrivacyPage copy={copy} />
  ) : (
    <LinkPage action={page} state={link ?? 'invalid'} copy={copy} standing={standing} />
  )
}
