import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { PageContent } from '../shared/content/page-copy.ts'
import { loadSeedContent } from '../../../test/web/seed-content.ts'
import { serveContent } from '../../../test/web/network.ts'
import { renderApp } from '../../../test/web/render-app.tsx'
import { emptyContent, sectionOf } from '../../../test/web/content-fixtures.ts'
import { NotFoundPage } from './app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** Renders the page with `content` both prerendered and answered by the content API. */
function renderPage(path: string, content: PageContent) {
  serveContent(content)
  return renderApp({ path, initialContent: content })
}

const year = new Date().getFullYear()

describe('the landing page', () => {
  it('shows the sections in the address language, with the statistics from content', () => {
    renderPage('/en', seed)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Performance reviews built on real work, not memory')
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()

    const results = screen.getByRole('region', { name: 'What changes when reviews start from real conversations' })
    expect(
      within(results)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['90%', '3x', '75%', '64%'])
    expect(
      within(results)
        .getAllByRole('term')
        .map((label) => label.textContent),
    ).toEqual(['Time saved on documentation', 'More accurate reviews', 'Better retention', 'More engagement'])
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${year} Pulso Tecnologia Ltda. All rights reserved.`)
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('{year}')
  })

  it('shows Portuguese at the root address', () => {
    renderPage('/', seed)
    expect(screen.getByRole('region', { name: 'Como funciona' })).toBeInTheDocument()
    expect(screen.getByText('Economia de tempo com documentação')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${year} Pulso Tecnologia Ltda. Todos os direitos reservados.`)
  })

  it('shows the fallback workflow with three numbered steps when its section has no fields', () => {
    const content = structuredClone(seed)
    const block = sectionOf(content, 'workflow')
    for (const field of ['title', 'subtitle', 'steps'] as const) delete block[field]
    renderPage('/en', content)
    const workflow = screen.getByRole('region', { name: 'How It Works' })
    expect(
      within(workflow)
        .getAllByRole('heading', { level: 3 })
        .map((step) => step.textContent),
    ).toEqual(['Step 1', 'Step 2', 'Step 3'])
    expect(within(workflow).getByText('Description for step 2')).toBeInTheDocument()
  })

  it('shows the English fallback, not the Portuguese text, when a field exists only in Portuguese', () => {
    const content = structuredClone(seed)
    sectionOf(content, 'workflow').title = { _type: 'localeString', pt: 'Como funciona na prática' }
    renderPage('/en', content)
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()
    expect(screen.queryByText('Como funciona na prática')).not.toBeInTheDocument()
  })

  it('leaves out a testimonial and a statistic missing in the reader language, without empty boxes', () => {
    const content = structuredClone(seed)
    const testimonialsOfPage = sectionOf(content, 'testimonials').testimonials ?? []
    const [first, second] = testimonialsOfPage
    if (!first?.quote || !second) throw new Error('the seed has testimonials')
    first.quote = { _type: 'localeText', pt: first.quote.pt ?? '' }
    const stat = sectionOf(content, 'results').statistics?.[1]
    if (!stat?.label) throw new Error('the seed has statistics')
    stat.label = { _type: 'localeString', pt: stat.label.pt ?? '' }
    renderPage('/en', content)

    const testimonials = screen.getByRole('region', { name: 'People leaders already feel the difference' })
    const figures = within(testimonials).getAllByRole('figure')
    expect(figures).toHaveLength(testimonialsOfPage.length - 1)
    expect(testimonials).not.toHaveTextContent(first.author ?? '')
    expect(testimonials).toHaveTextContent(second.author ?? '')
    for (const figure of figures) expect(within(figure).getByRole('blockquote').textContent?.trim()).not.toBe('')

    const results = screen.getByRole('region', { name: 'What changes when reviews start from real conversations' })
    expect(
      within(results)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['90%', '75%', '64%'])
  })

  it('does not render the results without statistics nor the testimonials without items', () => {
    const content = structuredClone(seed)
    sectionOf(content, 'results').statistics = []
    sectionOf(content, 'testimonials').testimonials = []
    renderPage('/en', content)
    expect(
      screen.queryByRole('heading', { name: 'What changes when reviews start from real conversations' }),
    ).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'People leaders already feel the difference' })).not.toBeInTheDocument()
    expect(document.getElementById('results')).toBeNull()
    expect(document.getElementById('testimonials')).toBeNull()
    // The rest of the page is still there.
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()
  })

  it('renders from fallbacks alone when there is no content yet', () => {
    renderPage('/en', emptyContent())
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Performance reviews from your meetings')
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start my free trial' })).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${year} Pulso. All rights reserved.`)
  })
})

describe('the 404 page', () => {
  // Its chunk is fetched before, as the server fetches it before its first render: what is tested is the page.
  // So is the head writer's chunk: a landing page of an earlier test writes its title once that chunk
  // has loaded, which on a busy machine came after this page's own title (seen once in `npm test`).
  beforeAll(async () => {
    await NotFoundPage.preload()
    await import('../shared/seo/write-document-head.ts')
  })

  it('says the page was not found, in the preferred language, links home and logs the address', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    serveContent(seed)
    renderApp({ path: '/xyz', preferredLocale: 'en', initialContent: seed })

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/en')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/xyz'))
    expect(document.title).toContain('Oops! Page not found')
    // The landing page is not there.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(window.location.pathname).toBe('/xyz')
  })

  it('is in English under /en/, whatever the preferred language, and links home to /en', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    serveContent(seed)
    renderApp({ path: '/en/no-such-page', preferredLocale: 'pt', initialContent: seed })
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/en')
  })

  it('uses the fallback copy without content and Portuguese for Portuguese readers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    serveContent(emptyContent())
    renderApp({ path: '/pt', preferredLocale: 'pt', initialContent: undefined })
    expect(screen.getByRole('heading', { level: 1, name: 'Ops! Página não encontrada' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/')
  })
})
