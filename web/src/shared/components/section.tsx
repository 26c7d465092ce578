import type { ReactNode } from 'react'
import styled, { css } from 'styled-components'

type Tone = 'plain' | 'tinted' | 'night'

interface SectionProps {
  id: string
  title: string
  intro?: string
  tone?: Tone
  children: ReactNode
}

/** A page section: anchor target, heading, optional intro and its content, on a shared grid. */
export function Section({ id, title, intro, tone = 'plain', children }: SectionProps) {
  const headingId = `${id}-title`
  return (
    <Band id={id} aria-labelledby={headingId} $tone={tone}>
      <Inner>
        <Heading id={headingId}>{title}</Heading>
        {intro ? <Intro $tone={tone}>{intro}</Intro> : null}
        {children}
      </Inner>
    </Band>
  )
}

const Band = styled.section<{ $tone: Tone }>`
  padding-block: ${({ theme }) => theme.space.section};
  ${({ $tone, theme }) =>
    $tone === 'tinted'
      ? css`
          background: ${theme.color.surface};
        `
      : $tone === 'night'
        ? css`
            background: ${theme.color.night};
            color: ${theme.color.inkInverse};
          `
        : css`
            background: ${theme.color.page};
          `}
`

export const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin-inline: auto;
  padding-inline: clamp(1rem, 0.5rem + 2.5vw, 2rem);
`

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.text.xxl};
  font-weight: 750;
  text-align: center;
  max-width: 40rem;
  margin-inline: auto;
`

const Intro = styled.p<{ $tone: Tone }>`
  margin: ${({ theme }) => theme.space.md} auto 0;
  max-width: 42rem;
  text-align: center;
  font-size: ${({ theme }) => theme.text.lg};
  color: ${({ $tone, theme }) => ($tone === 'night' ? theme.color.inkInverseMuted : theme.color.inkMuted)};
`

/** Space between a section's heading block and its content. */
export const SectionBody = styled.div`
  margin-top: clamp(2rem, 1.5rem + 2vw, 3.5rem);
`
