import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { PageContent } from './page-copy.ts'
import { contentInLanguage } from './content-in-language.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { serveContent } from '../../../../test/web/network.ts'
import { prerenderApp, renderApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

const portugueseHeadline = 'Avaliações de desempenho baseadas no trabalho real, não na memória'
const englishHeadline = 'Performance reviews built on real work, not memory'

/** The English page as the server renders it from `content`. */
const englishPage = (content: PageContent) => prerenderApp({ path: '/en', preferredLocale: 'en', initialContent: content })

describe('contentInLanguage', () => {
  it('keeps one language of every text: the page renders from it exactly as from the whole content', () => {
    const english = contentInLanguage(seed, 'en')
    expect(english.onlyLocale).toBe('en')
    expect(JSON.stringify(english)).not.toContain(portugueseHeadline)
    expect(englishPage(english)).toBe(englishPage(seed))
  })
})

describe('a page prerendered with content in one language', () => {
  it('hydrates in it, and switches to the other once the content API has brought it', async () => {
    const requests = serveContent(seed)
    const { user } = renderApp({ path: '/', initialContent: contentInLanguage(seed, 'pt') })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(portugueseHeadline)
    // Once idle, the page fetches every language.
    await waitFor(() => expect(requests).toHaveLength(1))

    await user.click(screen.getByRole('button', { name: /^Mudar idioma/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'English' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(englishHeadline))
  })

  it('keeps showing its language until the other arrives, when the reader switches before it has', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    serveContent(async () => {
      await answered
      return Response.json({ result: seed, syncTags: [] })
    })
    const { user } = renderApp({ path: '/', initialContent: contentInLanguage(seed, 'pt') })
    await user.click(screen.getByRole('button', { name: /^Mudar idioma/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'English' }))

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(portugueseHeadline)
    answer()
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(englishHeadline))
  })
})
