import styled from 'styled-components'
import { linkNotice, type LinkAction, type LinkState, type SignupPagesCopy } from '../../shared/content/signup-pages-copy.ts'
import { pathForLocale } from '../../shared/i18n/locale-preference.ts'
import { useLocale } from '../../shared/i18n/locale-context.tsx'
import { NoticeLayout } from './notice-layout.tsx'
import { StandingCard, type StandingView } from './standing-card.tsx'

interface LinkPageProps {
  action: LinkAction
  state: LinkState
  copy: SignupPagesCopy
  /** A confirmed person's place and personal link (docs/product.md §13.1). */
  standing?: StandingView | undefined
}

/**
 * The page a personal link opens (docs/product.md §4.5), rendered by the server only. Ready, it
 * asks first: its button posts the page's own address, token included, so it works without
 * JavaScript and a mail scanner that only follows links changes nothing. Otherwise it says what
 * happened; a confirmed place shows where its person stands in line, with their personal link.
 */
export function LinkPage({ action, state, copy, standing }: LinkPageProps) {
  const { locale } = useLocale()
  const notice = linkNotice(copy, action, state)

  return (
    <NoticeLayout brandName={copy.brandName} homePath={pathForLocale(locale)}>
      <h1>{notice.title}</h1>
      <p>{notice.body}</p>
      {state === 'ready' && notice.button ? (
        <form method="post">
          <Submit type="submit">{notice.button}</Submit>
        </form>
      ) : null}
      {state === 'done' && standing ? <StandingCard standing={standing} copy={copy.referrals} /> : null}
      <p>
        <a href={pathForLocale(locale)}>{copy.homeLink}</a>
      </p>
    </NoticeLayout>
  )
}

const Submit = styled.button`
  min-height: 3.25rem;
  padding: 0.75rem 1.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.inkInverse};
  font-weight: 700;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.primaryHover};
  }
`
