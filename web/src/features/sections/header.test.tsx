import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { PageContent } from '../../shared/content/page-copy.ts'
import { navSectionIds } from '../../../../schemas/page-sections.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { serveContent } from '../../../../test/web/network.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

function renderEnglish() {
  serveContent(seed)
  return renderApp({ path: '/en', initialContent: seed })
}

const nav = () => screen.getByRole('navigation', { name: 'Page sections' })

/**
 * The menu toggle shows only below 768 px. jsdom's viewport is fixed at 1024 px (and it does
 * evaluate media queries), so there the toggle is display:none: out of the accessibility
 * tree, with an empty computed name. It is the navigation's only button; its aria-label is
 * checked instead.
 */
const menuToggle = () => within(nav()).getByRole('button', { hidden: true })

describe('the header', () => {
  it('links to the Features, Use Cases and Platform sections', () => {
    renderEnglish()
    const links = within(nav()).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Features', '#features'],
      ['Use Cases', '#useCases'],
      ['Platform', '#platform'],
    ])
    // Each link has its section on the page.
    for (const link of links) expect(document.getElementById(link.getAttribute('href')?.slice(1) ?? '')).not.toBeNull()
  })

  it('links to the navigation sections of the section list, in its order', () => {
    renderEnglish()
    const hrefs = within(nav())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(navSectionIds.map((id) => `#${id}`))
  })

  it('has a skip link to the main content and a call to action to the sign-up form', () => {
    renderEnglish()
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main')
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      '#freeTrial',
    )
  })

  it('hides the menu toggle on a desktop-wide screen', () => {
    renderEnglish()
    expect(menuToggle()).not.toBeVisible()
    expect(menuToggle()).toHaveAttribute('aria-label', 'Open menu')
    expect(within(nav()).getByRole('link', { name: 'Features' })).toBeVisible()
  })

  it('opens the mobile menu with its toggle and closes it when a link is chosen', async () => {
    const { user } = renderEnglish()
    const toggle = menuToggle()
    expect(toggle).toHaveAttribute('aria-label', 'Open menu')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(list).toContainElement(within(nav()).getByRole('link', { name: 'Features' }))

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAttribute('aria-label', 'Close menu')

    await user.click(within(nav()).getByRole('link', { name: 'Use Cases' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-label', 'Open menu')
    expect(window.location.hash).toBe('#useCases')
  })

  it('closes the mobile menu with the toggle again or with Escape', async () => {
    const { user } = renderEnglish()
    const toggle = menuToggle()
    await user.click(toggle)
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('names the links in the page language', () => {
    serveContent(seed)
    renderApp({ path: '/', initialContent: seed })
    const links = within(screen.getByRole('navigation', { name: 'Seções da página' })).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Funcionalidades', 'Casos de uso', 'Plataforma'])
  })
})
