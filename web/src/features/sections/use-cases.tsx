import styled from 'styled-components'
import { ArrowRight } from 'lucide-react'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveUseCases } from '../../shared/content/section-copy.ts'
import { Section, SectionBody } from '../../shared/components/section.tsx'
import { CardGrid, TextCard } from '../../shared/components/card.ts'
import { BulletList, type Bullet } from '../../shared/components/bullet-list.tsx'

/** The benefits, told per audience: managers, HR, team leads. */
export function UseCases({ id, copy }: SectionProps<typeof resolveUseCases>) {
  if (copy.audiences.length === 0) return null
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle} tone="tinted">
      <SectionBody>
        <CardGrid>
          {copy.audiences.map((audience) => (
            <li key={audience.key}>
              <TextCard as="article">
                <Audience>{audience.audience}</Audience>
                <h3>{audience.title}</h3>
                {audience.description ? <p>{audience.description}</p> : null}
                <Points items={audience.points} bullet={arrow} spacing="sm" small />
              </TextCard>
            </li>
          ))}
        </CardGrid>
      </SectionBody>
    </Section>
  )
}

const Audience = styled.p`
  && {
    color: ${({ theme }) => theme.color.primary};
  }
  font-size: ${({ theme }) => theme.text.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  margin-bottom: ${({ theme }) => theme.space.sm};
`

const arrow: Bullet = { icon: ArrowRight, color: 'primary', size: 16, offset: '0.3rem' }

const Points = styled(BulletList)`
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`
