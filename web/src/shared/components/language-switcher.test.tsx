import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import type { PageContent } from '../content/page-copy.ts'
import { TOOLTIP_DELAY_MS } from './use-delayed-tooltip.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { serveContent } from '../../../../test/web/network.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** The Portuguese landing page, where the visitor starts. */
function renderPortuguese(options: Parameters<typeof renderApp>[0] = {}) {
  serveContent(seed)
  return renderApp({ path: '/', initialContent: seed, ...options })
}

const switcher = () => screen.getByRole('button', { name: /^(Mudar idioma|Change language): / })

async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(switcher())
  const menu = screen.getByRole('menu')
  // Focus moves into the menu, onto the current language, on the next frame.
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Português' })).toHaveFocus())
  return menu
}

describe('the language switcher', () => {
  it('is a menu button naming the current language', () => {
    renderPortuguese()
    expect(switcher()).toHaveAccessibleName('Mudar idioma: Português, PT')
    expect(switcher()).toHaveAttribute('aria-haspopup', 'menu')
    expect(switcher()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('opens a menu with English and Português', async () => {
    const { user } = renderPortuguese()
    const menu = await openMenu(user)
    expect(menu).toHaveAccessibleName('Mudar idioma')
    expect(switcher()).toHaveAttribute('aria-expanded', 'true')
    expect(switcher()).toHaveAttribute('aria-controls', menu.id)
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Português', 'English'])
    expect(screen.getByRole('menuitem', { name: 'Português' })).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('menuitem', { name: 'English' })).not.toHaveAttribute('aria-current')
  })

  it('switches the page to English: text, <html lang>, cookie and address; then closes and returns focus', async () => {
    const { user } = renderPortuguese()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Avaliações de desempenho baseadas no trabalho real')

    await openMenu(user)
    await user.click(screen.getByRole('menuitem', { name: 'English' }))

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Performance reviews built on real work, not memory')
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request free trial' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
    expect(document.cookie).toMatch(/(^|;\s*)lang=en(;|$)/)
    expect(window.location.pathname).toBe('/en')

    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(switcher()).toHaveAccessibleName('Change language: English, EN')
    expect(switcher()).toHaveFocus()
    expect(switcher()).toHaveAttribute('aria-expanded', 'false')
  })

  it('switches back to Portuguese at the root address, keeping the section anchor', async () => {
    serveContent(seed)
    const { user } = renderApp({ path: '/en#features', initialContent: seed })
    await user.click(switcher())
    await user.click(await screen.findByRole('menuitem', { name: 'Português' }))
    expect(screen.getByRole('region', { name: 'Como funciona' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('pt-BR')
    expect(document.cookie).toMatch(/(^|;\s*)lang=pt(;|$)/)
    expect(window.location.pathname + window.location.hash).toBe('/#features')
  })

  it('closes on Escape, returning focus to the button, without changing the language', async () => {
    const { user } = renderPortuguese()
    await openMenu(user)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(switcher()).toHaveFocus()
    expect(switcher()).toHaveAccessibleName('Mudar idioma: Português, PT')
    expect(window.location.pathname).toBe('/')
  })

  it('closes on a click outside it', async () => {
    const { user } = renderPortuguese()
    await openMenu(user)
    await user.click(screen.getByRole('heading', { level: 1 }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(switcher()).toHaveAttribute('aria-expanded', 'false')
    expect(switcher()).toHaveAccessibleName('Mudar idioma: Português, PT')
  })

  it('moves focus between the items with the arrow keys, wrapping around', async () => {
    const { user } = renderPortuguese()
    await openMenu(user)
    const portuguese = screen.getByRole('menuitem', { name: 'Português' })
    const english = screen.getByRole('menuitem', { name: 'English' })

    await user.keyboard('{ArrowDown}')
    expect(english).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(portuguese).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(english).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(portuguese).toHaveFocus()

    // Enter on the focused item chooses it.
    await user.keyboard('{ArrowDown}{Enter}')
    expect(document.documentElement.lang).toBe('en')
    expect(switcher()).toHaveFocus()
  })

  it('jumps to the last item with End and the first with Home; Tab closes the menu', async () => {
    const { user } = renderPortuguese()
    await openMenu(user)
    await user.keyboard('{End}')
    expect(screen.getByRole('menuitem', { name: 'English' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(screen.getByRole('menuitem', { name: 'Português' })).toHaveFocus()
    await user.tab()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(document.documentElement.lang).not.toBe('en')
  })

  it('opens from the keyboard: ArrowDown on the first item, ArrowUp on the last', async () => {
    const { user } = renderPortuguese()
    switcher().focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Português' })).toHaveFocus())
    await user.keyboard('{Escape}')
    expect(switcher()).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'English' })).toHaveFocus())
  })

  it('shows its tooltip only after 700 ms of hover, and hides it when the pointer leaves', async () => {
    const { user } = renderPortuguese({ user: { delay: 0, advanceTimers: (ms) => vi.advanceTimersByTime(ms) } })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Testing Library drains its async wrapper with a setTimeout(0) and only advances fake timers it
    // recognises as Jest's; point it at Vitest's clock.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    expect(TOOLTIP_DELAY_MS).toBe(700)

    await user.hover(switcher())
    act(() => vi.advanceTimersByTime(699))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(switcher()).not.toHaveAttribute('aria-describedby')

    act(() => vi.advanceTimersByTime(1))
    const tooltip = screen.getByRole('tooltip')
    expect(tooltip).toHaveTextContent('Mudar idioma')
    expect(switcher()).toHaveAttribute('aria-describedby', tooltip.id)

    await user.unhover(switcher())
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()

    // A short hover shows nothing, even if time passes afterwards.
    await user.hover(switcher())
    act(() => vi.advanceTimersByTime(300))
    await user.unhover(switcher())
    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })
})
