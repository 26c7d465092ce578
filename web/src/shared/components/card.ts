import styled from 'styled-components'

export const Card = styled.div`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.page};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.card};
`

/** Cards side by side where there is room, stacked below it. */
export const CardGrid = styled.ul<{ $min?: string }>`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = '17rem' }) => $min}), 1fr));
`

/** A card with a title and a muted paragraph: features, audiences. */
export const TextCard = styled(Card)`
  height: 100%;
  h3 {
    font-size: ${({ theme }) => theme.text.lg};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  p {
    color: ${({ theme }) => theme.color.inkMuted};
  }
`
