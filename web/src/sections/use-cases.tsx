import styled from 'styled-components'
import { ArrowRight } from 'lucide-react'
import type { SectionProps } from './section-props.ts'
import { Section, SectionBody } from '../components/section.tsx'
import { CardGrid, TextCard } from '../components/card.ts'

/** The benefits, told per audience: managers, HR, team leads. */
export function UseCases({ id, copy }: SectionProps<'useCases'>) {
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
                {audience.points.length > 0 ? (
                  <Points>
                    {audience.points.map((point) => (
                      <li key={point}>
                        <ArrowRight aria-hidden="true" size={16} />
                        {point}
                      </li>
                    ))}
                  </Points>
                ) : null}
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

const Points = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.text.sm};
  }
  svg {
    flex: none;
    margin-top: 0.3rem;
    color: ${({ theme }) => theme.color.primary};
  }
`
