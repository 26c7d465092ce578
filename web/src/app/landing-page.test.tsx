import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { PageContent } from '../shared/content/page-copy.ts'
import { loadSeedContent } from '../../../test/web/seed-content.ts'
import { serveContent } from '../../../test/web/network.ts'
import { renderApp } from '../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

describe('the landing page', () => {
  it('draws the home page’s sections in its order, each named by its heading', () => {
    serveContent(seed)
    renderApp({ path: '/en', initialContent: seed })
    const regions = within(screen.getByRole('main')).getAllByRole('region')
    expect(regions.map((region) => region.id)).toEqual(seed.page?.sections?.map((section) => section._key))
    for (const region of regions) {
      const heading = within(region).getAllByRole('heading')[0]
      expect(region).toHaveAccessibleName(heading?.textContent ?? '')
    }
  })
})
