import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { loadSeedSignupContent } from '../../../../test/web/seed-content.ts'
import { resolveSignupPagesCopy, type LinkState, type SignupPagesContent } from '../../shared/content/signup-pages-copy.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'
import type { Locale } from '../../../../schemas/locales.ts'

let seed: SignupPagesContent
beforeAll(async () => {
  seed = await loadSeedSignupContent()
})

function renderLinkPage(pagePath: string, locale: Locale, link: LinkState, content: SignupPagesContent | undefined = seed) {
  return renderApp({ path: pagePath, signupPage: { copy: resolveSignupPagesCopy(content, locale, 30), link } })
}

const main = () => within(screen.getByRole('main'))

describe('the page a confirmation link opens', () => {
  it('asks before it confirms, with a button that posts the page’s own address', () => {
    renderLinkPage('/en/confirm?token=t', 'en', 'ready')
    expect(main().getByRole('heading', { level: 1, name: 'Confirm your place in the free trial' })).toBeVisible()
    const button = main().getByRole('button', { name: 'Confirm my place' })
    const form = button.closest('form')
    expect(form).toHaveAttribute('method', 'post')
    // No action: the browser posts to the address it is on, token included.
    expect(form).not.toHaveAttribute('action')
    expect(main().getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/en')
  })

  it.each<[LinkState, string]>([
    ['done', 'Your place is confirmed!'],
    ['gone', 'This sign-up no longer exists'],
    ['expired', 'This link has expired'],
    ['invalid', 'This link isn’t valid'],
    ['unavailable', 'We couldn’t finish that just now'],
  ])('says what happened when the link is %s, with no button', (state, heading) => {
    renderLinkPage('/en/confirm', 'en', state)
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent(heading)
    expect(main().queryByRole('button')).not.toBeInTheDocument()
  })

  it('speaks Portuguese at the Portuguese address, with the contact address filled in', () => {
    renderLinkPage('/confirmar', 'pt', 'invalid')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Este link não é válido')
    expect(main().getByText(/escreva para contato@pulso\.app\.$/)).toBeVisible()
    expect(main().getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/')
  })
})

describe('the page a removal link opens', () => {
  it('asks before it removes anyone', () => {
    renderLinkPage('/descadastrar?token=t', 'pt', 'ready')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Sair da lista de espera')
    expect(main().getByRole('button', { name: 'Sair da lista' }).closest('form')).toHaveAttribute('method', 'post')
  })

  it('says the person is off the list once done, and how to come back', () => {
    renderLinkPage('/en/unsubscribe', 'en', 'done')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('You’ve left the list')
    expect(main().getByText(/write to contato@pulso\.app and we’ll put you back/)).toBeVisible()
  })

  it('says only that the sign-up is gone when the backend no longer knows whether the person is off the list', () => {
    renderLinkPage('/en/unsubscribe', 'en', 'gone')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('This sign-up no longer exists')
    expect(main().queryByText(/You’ve left the list/)).toBeNull()
  })

  it('sends a reader with an expired removal link to the contact address', () => {
    renderLinkPage('/en/unsubscribe', 'en', 'expired')
    expect(main().getByText(/Write to contato@pulso\.app/)).toBeVisible()
  })

  it('falls back to the code’s words when the content is missing', () => {
    renderLinkPage('/en/unsubscribe', 'en', 'ready', undefined)
    expect(main().getByRole('button', { name: 'Leave the list' })).toBeVisible()
  })
})

describe('the privacy note', () => {
  it.each([
    ['/en/privacy', 'en', 'Waitlist privacy note', 'How long we keep it', /within 30 days/, 'Version of this note: 2026-11-29'],
    [
      '/privacidade',
      'pt',
      'Aviso de privacidade da lista de espera',
      'Por quanto tempo',
      /em 30 dias/,
      'Versão deste aviso: 2026-11-29',
    ],
  ] as const)(
    'at %s says what is kept, why and for how long, with its version',
    (pagePath, locale, title, heading, days, version) => {
      renderApp({ path: pagePath, signupPage: { copy: resolveSignupPagesCopy(seed, locale, 30) } })
      expect(main().getByRole('heading', { level: 1, name: title })).toBeVisible()
      const section = within(main().getByRole('region', { name: heading }))
      expect(section.getByText(days)).toBeVisible()
      expect(main().getByText(version)).toBeVisible()
    },
  )

  it('shows the code’s note, under the code’s version, when the content has none', () => {
    renderApp({ path: '/en/privacy', signupPage: { copy: resolveSignupPagesCopy(undefined, 'en', 14) } })
    expect(main().getByRole('heading', { level: 1, name: 'Waitlist privacy note' })).toBeVisible()
    expect(main().getByText(/within 14 days/)).toBeVisible()
    expect(main().getByText('Version of this note: code-2026-11-29')).toBeVisible()
  })
})
