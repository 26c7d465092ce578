import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { PageContent } from '../content/page-copy.ts'
import { createSectionHydration } from '../hydration/section-hydration.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { serveContent } from '../../../../test/web/network.ts'
import { hydrateApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

describe('the document head', () => {
  it('is left as the prerender wrote it while the page hydrates, and follows a language switch', async () => {
    // The content fetch is never answered: only the reader changes the copy here.
    serveContent(() => new Promise<Response>(() => {}))
    document.title = 'As the server wrote it'
    const page = await hydrateApp({
      path: '/en',
      initialContent: seed,
      sectionHydration: createSectionHydration({ idle: () => () => undefined }),
    })
    await waitFor(() => expect(screen.getByRole('button', { name: /^Change language: / })).toBeEnabled())
    expect(document.title).toBe('As the server wrote it')

    await page.user.click(screen.getByRole('button', { name: /^Change language: / }))
    await page.user.click(await screen.findByRole('menuitem', { name: 'Português' }))
    await waitFor(() => expect(document.title).toContain('Pulso'))
    expect(document.documentElement.lang).toBe('pt-BR')
  })
})
