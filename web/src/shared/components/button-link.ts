import styled, { css } from 'styled-components'

type Variant = 'primary' | 'secondary' | 'onDark'

/** Calls to action are links to in-page anchors, styled as buttons. */
export const ButtonLink = styled.a<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 3rem;
  padding: 0.75rem 1.5rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: 650;
  font-size: ${({ theme }) => theme.text.md};
  text-decoration: none;
  transition:
    background-color 150ms ease,
    transform 150ms ease,
    box-shadow 150ms ease;

  &:hover {
    transform: translateY(-1px);
  }

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.color.primary};
          color: ${theme.color.inkInverse};
          box-shadow: 0 6px 20px rgb(67 56 202 / 0.35);
          &:hover {
            background: ${theme.color.primaryHover};
          }
        `
      case 'secondary':
        return css`
          background: transparent;
          color: inherit;
          border: 1px solid currentColor;
          &:hover {
            background: rgb(255 255 255 / 0.08);
          }
        `
      case 'onDark':
        return css`
          background: ${theme.color.inkInverse};
          color: ${theme.color.primary};
          &:hover {
            background: ${theme.color.primarySoft};
          }
        `
    }
  }}
`
