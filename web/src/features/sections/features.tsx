import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveFeatures } from '../../shared/content/section-copy.ts'
import { Section, SectionBody } from '../../shared/components/section.tsx'
import { CardGrid, TextCard } from '../../shared/components/card.ts'
import { FeatureIcon } from '../../shared/components/feature-icon.tsx'

export function Features({ id, copy }: SectionProps<typeof resolveFeatures>) {
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle}>
      {copy.items.length > 0 ? (
        <SectionBody>
          <CardGrid $min="16rem">
            {copy.items.map((feature) => (
              <li key={feature.key}>
                <TextCard as="article">
                  <IconBadge>
                    <FeatureIcon name={feature.icon} />
                  </IconBadge>
                  <h3>{feature.title}</h3>
                  {feature.description ? <p>{feature.description}</p> : null}
                </TextCard>
              </li>
            ))}
          </CardGrid>
        </SectionBody>
      ) : null}
    </Section>
  )
}

const IconBadge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`
