import { useEffect } from 'react'
import styled from 'styled-components'
import { usePageCopy } from '../../shared/content/use-page-copy.ts'
import { ButtonLink } from '../../shared/components/button-link.ts'
import { useLocale } from '../../shared/i18n/locale-context.tsx'
import { pathForLocale } from '../../shared/i18n/locale-preference.ts'

/** Loaded only where a visitor opens an address that is no page (app.tsx): the home page's first script has none of it. */
export default function NotFoundPage({ path }: { path: string }) {
  const { ui, brandName } = usePageCopy()
  const { locale } = useLocale()

  useEffect(() => {
    console.warn(`404: a visitor tried to open a page that does not exist: ${path}`)
    document.title = `${ui.notFoundTitle} · ${brandName}`
  }, [path, ui.notFoundTitle, brandName])

  return (
    <Main>
      <Code aria-hidden="true">404</Code>
      <h1>{ui.notFoundTitle}</h1>
      <ButtonLink href={pathForLocale(locale)}>{ui.notFoundLink}</ButtonLink>
    </Main>
  )
}

const Main = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  background: ${({ theme }) => theme.color.surface};
  h1 {
    font-size: ${({ theme }) => theme.text.xxl};
  }
`

const Code = styled.p`
  font-size: ${({ theme }) => theme.text.display};
  font-weight: 800;
  color: ${({ theme }) => theme.color.primary};
`
