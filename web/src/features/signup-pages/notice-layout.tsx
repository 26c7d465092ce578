import type { ReactNode } from 'react'
import styled from 'styled-components'

/**
 * The frame of the pages a sign-up opens (confirmation, removal, privacy note): the brand as a
 * link home, then one card. They sit outside the landing page, in its colours and type.
 */
export function NoticeLayout({ brandName, homePath, children }: { brandName: string; homePath: string; children: ReactNode }) {
  return (
    <Page>
      <Brand href={homePath}>{brandName}</Brand>
      <Card id="main">{children}</Card>
    </Page>
  )
}

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  align-content: start;
  justify-items: center;
  gap: ${({ theme }) => theme.space.xl};
  padding: clamp(1.5rem, 1rem + 4vw, 4rem) ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
`

const Brand = styled.a`
  font-size: ${({ theme }) => theme.text.xl};
  font-weight: 800;
  color: ${({ theme }) => theme.color.primary};
  text-decoration: none;
`

const Card = styled.main`
  width: min(100%, 40rem);
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: clamp(1.5rem, 1rem + 2vw, 2.5rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.page};
  box-shadow: ${({ theme }) => theme.shadow.card};
  h1 {
    font-size: ${({ theme }) => theme.text.xl};
  }
  h2 {
    font-size: ${({ theme }) => theme.text.lg};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`
