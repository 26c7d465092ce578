import styled from 'styled-components'
import type { PageCopy } from '../../shared/content/page-copy.ts'

/** The footer shows only the rights line. */
export function Footer({ copy }: { copy: PageCopy['footer'] }) {
  return (
    <Bar>
      <p>{copy.rights}</p>
    </Bar>
  )
}

const Bar = styled.footer`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  font-size: ${({ theme }) => theme.text.sm};
  color: ${({ theme }) => theme.color.inkInverseMuted};
  background: ${({ theme }) => theme.color.night};
`
