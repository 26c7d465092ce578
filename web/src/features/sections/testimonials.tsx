import styled from 'styled-components'
import { Quote } from 'lucide-react'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveTestimonials } from '../../shared/content/section-copy.ts'
import { Section, SectionBody } from '../../shared/components/section.tsx'
import { Card, CardGrid } from '../../shared/components/card.ts'
import { Avatar } from '../../shared/components/avatar.tsx'

export function Testimonials({ id, copy }: SectionProps<typeof resolveTestimonials>) {
  if (copy.items.length === 0) return null
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle}>
      <SectionBody>
        <CardGrid $min="18rem">
          {copy.items.map((item) => (
            <li key={item.key}>
              <Figure as="figure">
                <Quote aria-hidden="true" size={28} />
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  {item.photo ? <Avatar photo={item.photo} /> : null}
                  <span>
                    <Author>{item.author}</Author>
                    {item.role ? <Role>{item.role}</Role> : null}
                  </span>
                </figcaption>
              </Figure>
            </li>
          ))}
        </CardGrid>
      </SectionBody>
    </Section>
  )
}

const Figure = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  margin: 0;

  > svg {
    color: ${({ theme }) => theme.color.accent};
  }
  blockquote {
    margin: 0;
    flex: 1;
    font-size: ${({ theme }) => theme.text.md};
  }
  figcaption {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
  }
`

const Author = styled.span`
  display: block;
  font-weight: 700;
`

const Role = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.text.sm};
  color: ${({ theme }) => theme.color.inkMuted};
`
