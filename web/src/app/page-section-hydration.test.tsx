import { beforeAll, describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { PageContent } from '../shared/content/page-copy.ts'
import { createSectionHydration } from '../shared/hydration/section-hydration.ts'
import { loadSeedContent } from '../../../test/web/seed-content.ts'
import { sectionOf } from '../../../test/web/content-fixtures.ts'
import { serveContent, serveLiveEvents } from '../../../test/web/network.ts'
import { hydrateApp } from '../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

/** React marks each element it has hydrated with its fiber. */
const hydrated = (element: Element | null) => Object.keys(element ?? {}).some((key) => key.startsWith('__reactFiber$'))

/** Gates that open only when the page says so (no idle turn ever comes). */
const heldSections = () => createSectionHydration({ idle: () => () => undefined })

/** Records every section element taken out of the page. */
function watchDroppedSections(container: Element) {
  const dropped: string[] = []
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) if (node instanceof HTMLElement && node.tagName === 'SECTION') dropped.push(node.id)
  }).observe(container, { childList: true, subtree: true })
  return dropped
}

/** The English page, hydrated, its sections held; its content fetch is never answered, so nothing opens them. */
async function hydrateEnglish(sectionHydration = heldSections()) {
  serveContent(() => new Promise<Response>(() => {}))
  const page = await hydrateApp({ path: '/en', initialContent: seed, sectionHydration })
  await waitFor(() => expect(hydrated(screen.getByRole('banner'))).toBe(true))
  return { ...page, sectionHydration }
}

describe('hydrating the prerendered page section by section', () => {
  it('keeps each section as the prerender drew it, without React, until its gate opens', async () => {
    const { sectionHydration } = await hydrateEnglish()
    const workflow = document.getElementById('workflow')
    const markup = workflow?.outerHTML
    expect(hydrated(workflow)).toBe(false)

    act(() => sectionHydration.openAll())
    await waitFor(() => expect(hydrated(workflow)).toBe(true))
    expect(document.getElementById('workflow')).toBe(workflow)
    expect(workflow?.outerHTML).toBe(markup)
  })

  it('shows content that arrives before the sections have hydrated, without dropping one', async () => {
    const edited = structuredClone(seed)
    sectionOf(edited, 'hero').headline = { _type: 'localeString', pt: 'Manchete nova', en: 'A headline published meanwhile' }
    const live = serveLiveEvents()
    serveContent(edited)
    const page = await hydrateApp({ path: '/en', initialContent: seed, sectionHydration: heldSections() })
    const dropped = watchDroppedSections(page.container)

    await live
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A headline published meanwhile'))
    expect(dropped).toEqual([])
    expect(page.recoverableErrors).toEqual([])
  })

  it('switches language before the sections have hydrated, without dropping one', async () => {
    const { container, user, recoverableErrors } = await hydrateEnglish()
    const dropped = watchDroppedSections(container)

    await user.click(screen.getByRole('button', { name: /^Change language: / }))
    await user.click(await screen.findByRole('menuitem', { name: 'Português' }))

    await waitFor(() => expect(screen.getByRole('region', { name: 'Como funciona' })).toBeInTheDocument())
    expect(within(screen.getByRole('main')).getAllByRole('region').every(hydrated)).toBe(true)
    expect(dropped).toEqual([])
    expect(recoverableErrors).toEqual([])
  })
})
