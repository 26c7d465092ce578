import { memo, useEffect, useId, useState } from 'react'
import { dequal } from 'dequal/lite'
import styled, { css } from 'styled-components'
import { Menu, X } from 'lucide-react'
import type { PageCopy } from '../../shared/content/page-copy.ts'
import { LanguageSwitcher } from '../../shared/components/language-switcher.tsx'
import { ButtonLink } from '../../shared/components/button-link.ts'
import { useActiveSection } from './use-active-section.ts'
import type { NavSectionId } from '../../../../schemas/page-sections.ts'

interface HeaderProps {
  brandName: string
  ui: PageCopy['ui']
  /** The anchors of the sections on the page, in order: the one being read is highlighted in the navigation. */
  sections: readonly string[]
  /** The links the header has: to the sections of the header's list that this page has. */
  navIds: readonly NavSectionId[]
  /** The form: this page's, or the home page's on a page without one. */
  formHref: string
}

function HeaderContent({ brandName, ui, sections, navIds, formHref }: HeaderProps) {
  const active = useActiveSection(sections)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()

  useEffect(() => {
    if (!menuOpen) return
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false)
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [menuOpen])

  return (
    <Bar>
      <SkipLink href="#main">{ui.skipToContent}</SkipLink>
      <Inner>
        <Brand href={`#${sections[0] ?? 'main'}`}>
          <Mark aria-hidden="true" />
          {brandName}
        </Brand>
        <Nav aria-label={ui.navLabel}>
          <Toggle
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? ui.menuClose : ui.menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Toggle>
          <Entries id={menuId} $open={menuOpen}>
            {navIds.map((id) => (
              <li key={id}>
                <Entry href={`#${id}`} aria-current={active === id ? 'true' : undefined} onClick={() => setMenuOpen(false)}>
                  {ui.nav[id]}
                </Entry>
              </li>
            ))}
          </Entries>
        </Nav>
        <Tools>
          <LanguageSwitcher label={ui.languageLabel} />
          <HeaderCta href={formHref}>{ui.headerCta}</HeaderCta>
        </Tools>
      </Inner>
    </Bar>
  )
}

/** Drawn again only when its copy changes (a refetch of the same texts leaves it alone). */
export const Header = memo(HeaderContent, dequal)

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto;
  z-index: 10;
  height: ${({ theme }) => theme.layout.headerHeight};
  background: rgb(255 255 255 / 0.92);
  backdrop-filter: saturate(1.4) blur(12px);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin-inline: auto;
  padding-inline: clamp(0.75rem, 0.25rem + 2.5vw, 2rem);
`

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: -4rem;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.inkInverse};
  z-index: 40;
  &:focus {
    top: ${({ theme }) => theme.space.sm};
  }
`

const Brand = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.text.lg};
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;
  color: ${({ theme }) => theme.color.ink};
`

const Mark = styled.span`
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 0.5rem;
  background:
    radial-gradient(circle at 30% 30%, rgb(255 255 255 / 0.6), transparent 45%),
    linear-gradient(135deg, ${({ theme }) => theme.color.primary}, ${({ theme }) => theme.color.accent});
`

const Nav = styled.nav`
  margin-left: auto;
  ${({ theme }) => theme.media.desktop} {
    margin-inline: auto;
  }
`

const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.page};
  color: ${({ theme }) => theme.color.ink};
  cursor: pointer;
  ${({ theme }) => theme.media.desktop} {
    display: none;
  }
`

const Entries = styled.ul<{ $open: boolean }>`
  list-style: none;
  display: flex;
  gap: ${({ theme }) => theme.space.xs};

  ${({ theme }) => theme.media.mobile} {
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    flex-direction: column;
    padding: ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.color.page};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    box-shadow: ${({ theme }) => theme.shadow.card};
    ${({ $open }) =>
      !$open &&
      css`
        display: none;
      `}
  }
`

const Entry = styled.a`
  display: block;
  padding: 0.625rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: 600;
  font-size: ${({ theme }) => theme.text.sm};
  text-decoration: none;
  color: ${({ theme }) => theme.color.inkMuted};
  &:hover {
    color: ${({ theme }) => theme.color.ink};
    background: ${({ theme }) => theme.color.surface};
  }
  &[aria-current='true'] {
    color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
  }
`

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const HeaderCta = styled(ButtonLink)`
  min-height: 2.75rem;
  padding-inline: 1.125rem;
  font-size: ${({ theme }) => theme.text.sm};
  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`
