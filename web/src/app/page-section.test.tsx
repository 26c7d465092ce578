import { beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { ThemeProvider } from 'styled-components'
import type { Locale } from '../../../schemas/locales.ts'
import { resolveHero } from '../shared/content/section-copy.ts'
import { resolvePageCopy, type PageContent } from '../shared/content/page-copy.ts'
import { contentInLanguage } from '../shared/content/content-in-language.ts'
import { loadSeedContent } from '../../../test/web/seed-content.ts'
import { sectionOf, text } from '../../../test/web/content-fixtures.ts'
import { theme } from '../shared/theme/theme.ts'
import { PageSection } from './page-section.tsx'

// Counts how often the hero's copy is worked out, which happens on every draw of its section.
vi.mock('../shared/content/section-copy.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../shared/content/section-copy.ts')>()
  return { ...original, resolveHero: vi.fn(original.resolveHero) }
})

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

/** The page's hero as the page hands it over: its entry and the page's context, in one language. */
function heroOf(content: PageContent, locale: Locale) {
  const copy = resolvePageCopy(content, locale, true)
  const section = copy.sections.find((entry) => entry.kind === 'hero')
  if (!section) throw new Error('the seed page has no hero')
  return (
    <ThemeProvider theme={theme}>
      <PageSection section={section} context={copy.context} />
    </ThemeProvider>
  )
}

describe('a section of the page', () => {
  it('is drawn again only when what it shows in the reader’s language changes', () => {
    const draws = vi.mocked(resolveHero)
    const page = render(heroOf(contentInLanguage(seed, 'en'), 'en'))
    const drawsAtFirst = draws.mock.calls.length

    // The first fetch brings both languages where the prerender embedded English alone.
    page.rerender(heroOf(structuredClone(seed), 'en'))
    const otherLanguageEdited = structuredClone(seed)
    sectionOf(otherLanguageEdited, 'hero').headline = text('Só em português', sectionOf(seed, 'hero').headline?.en)
    page.rerender(heroOf(otherLanguageEdited, 'en'))
    expect(draws.mock.calls.length).toBe(drawsAtFirst)

    const edited = structuredClone(seed)
    sectionOf(edited, 'hero').headline = text('Manchete', 'A headline published meanwhile')
    page.rerender(heroOf(edited, 'en'))
    expect(draws.mock.calls.length).toBeGreaterThan(drawsAtFirst)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A headline published meanwhile')
  })
})
