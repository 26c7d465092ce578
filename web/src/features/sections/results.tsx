import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveResults } from '../../shared/content/section-copy.ts'
import { Section, SectionBody } from '../../shared/components/section.tsx'

export function Results({ id, copy }: SectionProps<typeof resolveResults>) {
  if (copy.statistics.length === 0) return null
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle} tone="night">
      <SectionBody>
        <Stats>
          {copy.statistics.map((stat) => (
            <Stat key={stat.key}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </Stat>
          ))}
        </Stats>
      </SectionBody>
    </Section>
  )
}

const Stats = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
  margin: 0;
`

/** The value reads large above its label; in the markup the label names the value. */
const Stat = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.nightRaised};
  border: 1px solid rgb(255 255 255 / 0.08);
  text-align: center;

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.text.display};
    font-weight: 800;
    letter-spacing: -0.03em;
    background: linear-gradient(120deg, #a5b4fc, #c4b5fd);
    -webkit-background-clip: text;
    background-clip: text;
    color: transparent;
  }
  dt {
    color: ${({ theme }) => theme.color.inkInverseMuted};
  }
`
