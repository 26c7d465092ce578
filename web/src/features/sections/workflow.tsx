import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveWorkflow } from '../../shared/content/section-copy.ts'
import { Section, SectionBody } from '../../shared/components/section.tsx'

export function Workflow({ id, copy }: SectionProps<typeof resolveWorkflow>) {
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle}>
      <SectionBody>
        <Steps>
          {copy.steps.map((step, index) => (
            <Step key={step.key}>
              <Number aria-hidden="true">{index + 1}</Number>
              <h3>{step.title}</h3>
              <p>{step.description}</p>
            </Step>
          ))}
        </Steps>
      </SectionBody>
    </Section>
  )
}

const Steps = styled.ol`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(3, 1fr);
  }
`

const Step = styled.li`
  position: relative;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};

  h3 {
    font-size: ${({ theme }) => theme.text.lg};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  p {
    color: ${({ theme }) => theme.color.inkMuted};
  }
`

const Number = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  margin-bottom: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.inkInverse};
  font-weight: 750;
`
