import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { loadSeedSignupContent } from '../../../../test/web/seed-content.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'
import { render, type RenderRequest } from '../../entry-server.tsx'
import { localPublicConfig } from '../../shared/config/public-config.ts'
import { resolveSignupPagesCopy, type SignupPagesContent } from '../../shared/content/signup-pages-copy.ts'
import type { Locale } from '../../../../schemas/locales.ts'
import type { ReferralPage } from './referral-pages.tsx'
import type { StandingView } from './standing-card.tsx'

let seed: SignupPagesContent
beforeAll(async () => {
  seed = await loadSeedSignupContent()
})
// The server-rendered pages are put in the body by hand: nothing of one test stays for the next.
afterEach(() => {
  document.body.innerHTML = ''
})

const standing: StandingView = {
  state: 'waiting',
  place: 47,
  waiting: 1200,
  credited: 2,
  held: 1,
  placesPerReferral: 10,
  referralLink: 'https://pulso.app/?ref=k7m2p9qx',
  leaderboard: null,
}

/** A referral page as the server sends it (entry-server.tsx), put in the document to be read by role and text. */
function renderReferralPage(view: ReferralPage, locale: Locale, content: SignupPagesContent | undefined = seed) {
  const request: RenderRequest = {
    path: locale === 'pt' ? '/indicacoes' : '/en/referrals',
    preferredLocale: locale,
    content: undefined,
    config: localPublicConfig,
    referral: { view, locale, content, retentionDays: 30 },
  }
  const page = render(request)
  document.body.innerHTML = `<div id="root">${page.body}</div>`
  return page
}

const main = () => within(screen.getByRole('main'))

describe('the status page', () => {
  it('shows the place, the personal link to share, the friends it brought and the next milestone, in Portuguese', () => {
    const page = renderReferralPage({ page: 'status', state: 'done', standing }, 'pt')
    expect(page.htmlLang).toBe('pt-BR')
    expect(page.head).toContain('<meta name="robots" content="noindex">')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Seu lugar na fila do Pulso')
    expect(main().getByRole('status')).toHaveTextContent('Você é o nº 47 de 1200 na fila.')
    const link = main().getByRole('region', { name: 'Seu link pessoal' })
    expect(within(link).getByText('https://pulso.app/?ref=k7m2p9qx')).toBeVisible()
    expect(within(link).getByText(/faz você subir 10 lugares na fila/)).toBeVisible()
    expect(within(link).getByText('Colegas que entraram pelo seu link e confirmaram: 2')).toBeVisible()
    expect(within(link).getByText(/Em análise pela nossa equipe: 1/)).toBeVisible()
    expect(within(link).getByText('Próxima meta, 3 colegas: seu time começa a se formar')).toBeVisible()
  })

  it('says referrals are counted without a move when places per referral is 0, in English', () => {
    renderReferralPage({ page: 'status', state: 'done', standing: { ...standing, placesPerReferral: 0, held: 0 } }, 'en')
    expect(main().getByRole('status')).toHaveTextContent('You are #47 of 1200 in line.')
    expect(
      main().getByText('Share it with colleagues: we count each person who joins through your link and confirms their email.'),
    ).toBeVisible()
    expect(main().queryByText(/reviewed/)).toBeNull()
  })

  it('says why there is no place for someone invited already', () => {
    renderReferralPage({ page: 'status', state: 'done', standing: { ...standing, state: 'invited', place: null } }, 'en')
    expect(main().getByRole('status')).toHaveTextContent('It’s your turn: we’ve sent your invitation to the Pulso free trial.')
  })

  it('shows the leaderboard on it while marketers keep it on: masked names and counts', () => {
    renderReferralPage(
      {
        page: 'status',
        state: 'done',
        standing: {
          ...standing,
          leaderboard: [
            { name: 'A*** S.', credited: 9 },
            { name: null, credited: 4 },
          ],
        },
      },
      'en',
    )
    const board = main().getByRole('list', { name: 'Top referrers' })
    expect(
      within(board)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A*** S.9', 'Someone4'])
  })

  it('shows a link that is not ours as not valid, and says nothing of anyone', () => {
    renderReferralPage({ page: 'status', state: 'invalid' }, 'en')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('This link isn’t valid')
    expect(main().queryByRole('status')).toBeNull()
  })

  it('falls back to the code’s words when the Referrals document is missing', () => {
    renderReferralPage({ page: 'status', state: 'done', standing }, 'en', { ...seed, referrals: null })
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Your place in the Pulso line')
    expect(main().getByText('Next milestone, 3 colleagues: your team starts to take shape')).toBeVisible()
  })
})

describe('the public leaderboard', () => {
  it('is its own page, with its heading and an empty state', () => {
    renderReferralPage({ page: 'leaderboard', leaderboard: [] }, 'pt')
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Quem mais indicou')
    expect(main().getByText('Ninguém indicou colegas ainda. Seja a primeira pessoa!')).toBeVisible()
  })
})

describe('the page a confirmation link opens, once confirmed', () => {
  it('shows the place and the personal link under the confirmation', () => {
    renderApp({ path: '/en/confirm', signupPage: { copy: resolveSignupPagesCopy(seed, 'en', 30), link: 'done', standing } })
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Your place is confirmed!')
    expect(main().getByRole('status')).toHaveTextContent('You are #47 of 1200 in line.')
    expect(main().getByText('https://pulso.app/?ref=k7m2p9qx')).toBeVisible()
  })
})
