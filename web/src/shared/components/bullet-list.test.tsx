import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { PageContent } from '../content/page-copy.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { sectionOf } from '../../../../test/web/content-fixtures.ts'
import { serveContent } from '../../../../test/web/network.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

function renderEnglish(content: PageContent) {
  serveContent(content)
  renderApp({ path: '/en', initialContent: content })
}

const english = (points: readonly { en?: string | null }[] | null | undefined) => (points ?? []).map((point) => point.en)
const region = (name: string) => screen.getByRole('region', { name })
const itemsOf = (list: HTMLElement) => within(list).getAllByRole('listitem')

describe('bulleted lists', () => {
  it('read as their points alone: the arrow before each benefit is drawn, not written', () => {
    renderEnglish(seed)
    const benefits = itemsOf(within(region('Try Pulso free for 14 days')).getByRole('list'))
    expect(benefits.map((item) => item.textContent)).toEqual(english(sectionOf(seed, 'freeTrial').benefits))
    for (const item of benefits) expect(item.querySelector('svg')).toBeNull()
  })

  it('put one hidden icon before each point', () => {
    renderEnglish(seed)
    const security = itemsOf(within(region('A platform that fits the way you already work')).getAllByRole('list').at(-1)!)
    expect(security.map((item) => item.textContent)).toEqual(english(sectionOf(seed, 'platform').securityPoints))
    for (const item of security) {
      const icons = item.querySelectorAll('svg')
      expect(icons).toHaveLength(1)
      expect(icons[0]).toHaveAttribute('aria-hidden', 'true')
    }
  })

  it('draw nothing when there are no points', () => {
    const content = structuredClone(seed)
    sectionOf(content, 'freeTrial').benefits = []
    renderEnglish(content)
    expect(within(region('Try Pulso free for 14 days')).queryByRole('list')).not.toBeInTheDocument()
  })
})
