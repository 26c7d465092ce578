import { afterEach, describe, expect, it } from 'vitest'
import { act } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import styled, { ServerStyleSheet } from 'styled-components'
import { adoptPrerenderedStyles, KEPT_STYLE_MARK, keepPrerenderedStyles } from './prerendered-styles.ts'

const Badge = styled.p<{ $tone: 'calm' | 'loud' }>`
  padding: 0.5rem;
  color: ${({ $tone }) => ($tone === 'loud' ? 'crimson' : 'slategray')};
`

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

/** What the server sends: the markup, and styled-components' tags as entry-server.tsx writes them. */
function prerender() {
  const sheet = new ServerStyleSheet()
  try {
    const html = renderToString(sheet.collectStyles(<Badge $tone="calm">Soon</Badge>))
    return { html, styleTags: keepPrerenderedStyles(sheet.getStyleTags()) }
  } finally {
    sheet.seal()
  }
}

describe('the prerender’s styled-components styles', () => {
  it('stay where the server put them: hydrating inserts none of their rules again, later ones go after them', () => {
    const { html, styleTags } = prerender()
    expect(styleTags).toContain(KEPT_STYLE_MARK)
    document.head.innerHTML = styleTags
    const kept = document.head.querySelector('style')
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = html

    expect(adoptPrerenderedStyles()).toBe(1)
    act(() => {
      root = hydrateRoot(container, <Badge $tone="calm">Soon</Badge>)
    })
    expect([...document.head.querySelectorAll('style')]).toEqual([kept])

    act(() => root?.render(<Badge $tone="loud">Now</Badge>))
    const styles = [...document.head.querySelectorAll('style')]
    expect(styles[0]).toBe(kept)
    expect(styles).toHaveLength(2)
    expect(styles[1]?.textContent).toContain('crimson')
  })
})
