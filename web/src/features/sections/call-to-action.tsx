import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveCta } from '../../shared/content/section-copy.ts'
import { ButtonLink } from '../../shared/components/button-link.ts'
import { Inner } from '../../shared/components/section.tsx'

export function CallToAction({ id, copy }: SectionProps<typeof resolveCta>) {
  return (
    <Band id={id} aria-labelledby={`${id}-title`}>
      <Panel>
        <h2 id={`${id}-title`}>{copy.title}</h2>
        {copy.description ? <p>{copy.description}</p> : null}
        <ButtonLink href={copy.links.form} $variant="onDark">
          {copy.buttonText}
        </ButtonLink>
      </Panel>
    </Band>
  )
}

const Band = styled.section`
  padding-block: ${({ theme }) => theme.space.section};
`

const Panel = styled(Inner)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  text-align: center;
  padding-block: clamp(2.5rem, 2rem + 3vw, 4.5rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  color: ${({ theme }) => theme.color.inkInverse};
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primary}, ${({ theme }) => theme.color.accent});
  box-shadow: ${({ theme }) => theme.shadow.raised};
  max-width: calc(${({ theme }) => theme.layout.maxWidth} - 2rem);
  margin-inline: clamp(1rem, 0.5rem + 2.5vw, 2rem);
  @media (min-width: 76rem) {
    margin-inline: auto;
  }

  h2 {
    font-size: ${({ theme }) => theme.text.xxl};
    max-width: 36rem;
  }
  p {
    font-size: ${({ theme }) => theme.text.lg};
    max-width: 38rem;
    color: #ede9fe;
  }
`
