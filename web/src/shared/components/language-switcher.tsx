import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { ChevronDown } from 'lucide-react'
import { localeTags, locales, type Locale } from '../../../../schemas/locales.ts'
import { useLocale } from '../i18n/locale-context.tsx'
import { Flag } from './flags.tsx'
import { useDelayedTooltip } from './use-delayed-tooltip.ts'

/** A menu button (WAI-ARIA APG): opens on click, Enter, Space or arrows; closes on choice, Escape, Tab or outside click. */
export function LanguageSwitcher({ label }: { label: string }) {
  const { locale, setLocale } = useLocale()
  const [open, setOpen] = useState(false)
  const tooltip = useDelayedTooltip()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const items = useRef<(HTMLButtonElement | null)[]>([])
  const menuId = useId()
  const tooltipId = useId()
  const code = locale.toUpperCase()

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  const focusItem = (index: number) => items.current[(index + locales.length) % locales.length]?.focus()

  function openMenu(focusIndex = locales.indexOf(locale)) {
    tooltip.hide()
    setOpen(true)
    requestAnimationFrame(() => focusItem(focusIndex))
  }

  function close(returnFocus: boolean) {
    setOpen(false)
    if (returnFocus) button.current?.focus()
  }

  function choose(next: Locale) {
    setLocale(next)
    close(true)
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowDown' ? 0 : locales.length - 1)
    } else if (event.key === 'Escape') {
      tooltip.hide()
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const current = items.current.findIndex((item) => item === document.activeElement)
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: locales.length - 1 }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      focusItem(target)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  return (
    <Root ref={root}>
      <Trigger
        ref={button}
        type="button"
        // WCAG 2.5.3 (label in name): the name holds the visible code too, so "click PT" works by voice.
        aria-label={`${label}: ${localeTags[locale].title}, ${code}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-describedby={tooltip.visible ? tooltipId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={onButtonKeyDown}
        {...tooltip.triggerProps}
      >
        <Flag locale={locale} />
        <span aria-hidden="true">{code}</span>
        <ChevronDown aria-hidden="true" size={16} />
      </Trigger>
      {tooltip.visible && !open ? (
        <Tooltip role="tooltip" id={tooltipId}>
          {label}
        </Tooltip>
      ) : null}
      {open ? (
        <Menu id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
          {locales.map((option, index) => (
            <MenuItem
              key={option}
              ref={(element) => {
                items.current[index] = element
              }}
              type="button"
              role="menuitem"
              lang={localeTags[option].html}
              aria-current={option === locale ? 'true' : undefined}
              tabIndex={-1}
              onClick={() => choose(option)}
            >
              <Flag locale={option} />
              {localeTags[option].title}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </Root>
  )
}

const Root = styled.div`
  position: relative;
`

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.75rem;
  padding: 0 0.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.page};
  color: ${({ theme }) => theme.color.ink};
  font-weight: 600;
  font-size: ${({ theme }) => theme.text.sm};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.surface};
  }
`

const Tooltip = styled.div`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  padding: 0.375rem 0.625rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.ink};
  color: ${({ theme }) => theme.color.inkInverse};
  font-size: ${({ theme }) => theme.text.xs};
  white-space: nowrap;
  pointer-events: none;
  z-index: 20;
`

const Menu = styled.div`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  min-width: 11rem;
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.page};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  z-index: 30;
`

const MenuItem = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 2.75rem;
  padding: 0 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.ink};
  font-size: ${({ theme }) => theme.text.sm};
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceTint};
  }
  &[aria-current='true'] {
    font-weight: 700;
    color: ${({ theme }) => theme.color.primary};
  }
`
