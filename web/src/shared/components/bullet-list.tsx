import type { LucideIcon } from 'lucide-react'
import styled, { css } from 'styled-components'
import type { Theme } from '../theme/theme.ts'

type ThemeColor = keyof Theme['color']

/** What stands before each item, always decorative: a Lucide icon, or a character drawn by CSS. */
export type Bullet =
  | {
      icon: LucideIcon
      color: ThemeColor
      /** In pixels. */
      size: number
      strokeWidth?: number
      /** How far the icon drops to sit on the first line of text. */
      offset: string
    }
  | { glyph: string; color: ThemeColor }

interface BulletListProps {
  items: readonly string[]
  bullet: Bullet
  /** Room between the items. */
  spacing: 'sm' | 'md'
  /** Smaller text, for lists inside cards. */
  small?: boolean
  className?: string
}

/** A list of short points, each behind the same bullet. An empty list draws nothing. */
export function BulletList({ items, bullet, spacing, small = false, className }: BulletListProps) {
  if (items.length === 0) return null
  return (
    <List className={className} $bullet={bullet} $spacing={spacing} $small={small}>
      {items.map((item) => (
        <li key={item}>
          {'icon' in bullet ? <bullet.icon aria-hidden="true" size={bullet.size} strokeWidth={bullet.strokeWidth} /> : null}
          {item}
        </li>
      ))}
    </List>
  )
}

const List = styled.ul<{ $bullet: Bullet; $spacing: 'sm' | 'md'; $small: boolean }>`
  list-style: none;
  display: grid;
  gap: ${({ theme, $spacing }) => theme.space[$spacing]};
  li {
    ${({ theme, $small }) =>
      $small &&
      css`
        font-size: ${theme.text.sm};
      `}
  }
  ${({ theme, $bullet }) =>
    'icon' in $bullet
      ? css`
          li {
            display: flex;
            gap: ${theme.space.sm};
          }
          svg {
            flex: none;
            margin-top: ${$bullet.offset};
            color: ${theme.color[$bullet.color]};
          }
        `
      : // Drawn by CSS, the character stays out of the item's text.
        css`
          li {
            position: relative;
            padding-left: 1.75rem;
          }
          li::before {
            content: ${JSON.stringify($bullet.glyph)};
            position: absolute;
            left: 0;
            color: ${theme.color[$bullet.color]};
            font-weight: 700;
          }
        `}
`
