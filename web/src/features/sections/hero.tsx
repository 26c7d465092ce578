import styled from 'styled-components'
import { Check, X } from 'lucide-react'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveHero } from '../../shared/content/section-copy.ts'
import { ButtonLink } from '../../shared/components/button-link.ts'
import { Inner } from '../../shared/components/section.tsx'
import { BulletList, type Bullet } from '../../shared/components/bullet-list.tsx'

export function Hero({ id, copy }: SectionProps<typeof resolveHero>) {
  return (
    <Band id={id} aria-labelledby={`${id}-title`}>
      <Layout>
        <Pitch>
          {copy.badge ? <Badge>{copy.badge}</Badge> : null}
          <Headline id={`${id}-title`}>{copy.headline}</Headline>
          {copy.subheadline ? <Subheadline>{copy.subheadline}</Subheadline> : null}
          <Actions>
            <ButtonLink href={copy.links.form}>{copy.primaryCta}</ButtonLink>
            {copy.links.workflow ? (
              <ButtonLink href={copy.links.workflow} $variant="secondary">
                {copy.secondaryCta}
              </ButtonLink>
            ) : null}
          </Actions>
          {copy.trialNote ? <TrialNote>{copy.trialNote}</TrialNote> : null}
        </Pitch>
        <Comparison>
          <Way tone="old" title={copy.oldWayTitle} points={copy.oldWayPoints} />
          <Way tone="new" title={copy.newWayTitle} points={copy.newWayPoints} />
        </Comparison>
      </Layout>
    </Band>
  )
}

type Tone = 'old' | 'new'
const bullets = {
  old: { icon: X, color: 'negativeOnNight', size: 18, strokeWidth: 2.5, offset: '0.2rem' },
  new: { icon: Check, color: 'positiveOnNight', size: 18, strokeWidth: 2.5, offset: '0.2rem' },
} satisfies Record<Tone, Bullet>

/** One side of the comparison: today's pains (crossed) or what the product changes (checked). */
function Way({ tone, title, points }: { tone: Tone; title: string; points: string[] }) {
  if (points.length === 0) return null
  return (
    <WayCard $tone={tone}>
      <WayTitle>{title}</WayTitle>
      <BulletList items={points} bullet={bullets[tone]} spacing="sm" small />
    </WayCard>
  )
}

const Band = styled.section`
  color: ${({ theme }) => theme.color.inkInverse};
  background:
    radial-gradient(60rem 30rem at 85% -10%, rgb(124 58 237 / 0.45), transparent 60%),
    radial-gradient(50rem 30rem at -10% 110%, rgb(67 56 202 / 0.5), transparent 60%), ${({ theme }) => theme.color.night};
  padding-top: calc(${({ theme }) => theme.layout.headerHeight} + clamp(2.5rem, 1.5rem + 5vw, 6rem));
  padding-bottom: clamp(3.5rem, 2.5rem + 5vw, 7rem);
`

const Layout = styled(Inner)`
  display: grid;
  gap: clamp(2.5rem, 2rem + 3vw, 4rem);
  align-items: center;
  @media (min-width: 1024px) {
    grid-template-columns: 1.1fr 1fr;
  }
`

const Pitch = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.lg};
`

const Badge = styled.p`
  padding: 0.375rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid rgb(255 255 255 / 0.2);
  background: rgb(255 255 255 / 0.08);
  font-size: ${({ theme }) => theme.text.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.inkInverseMuted};
`

const Headline = styled.h1`
  font-size: ${({ theme }) => theme.text.display};
  font-weight: 800;
  letter-spacing: -0.03em;
`

const Subheadline = styled.p`
  font-size: ${({ theme }) => theme.text.lg};
  color: ${({ theme }) => theme.color.inkInverseMuted};
  max-width: 36rem;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  @media (max-width: 479.98px) {
    width: 100%;
    & > a {
      flex: 1 1 100%;
    }
  }
`

const TrialNote = styled.p`
  font-size: ${({ theme }) => theme.text.sm};
  color: ${({ theme }) => theme.color.inkInverseMuted};
`

const Comparison = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  @media (min-width: 640px) {
    grid-template-columns: 1fr 1fr;
  }
`

const WayCard = styled.div<{ $tone: Tone }>`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ $tone }) => ($tone === 'new' ? 'rgb(167 139 250 / 0.6)' : 'rgb(255 255 255 / 0.14)')};
  background: ${({ $tone }) => ($tone === 'new' ? 'rgb(124 58 237 / 0.22)' : 'rgb(255 255 255 / 0.05)')};
  box-shadow: ${({ $tone }) => ($tone === 'new' ? '0 20px 50px rgb(76 29 149 / 0.35)' : 'none')};
`

const WayTitle = styled.h2`
  font-size: ${({ theme }) => theme.text.md};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  margin-bottom: ${({ theme }) => theme.space.md};
`
