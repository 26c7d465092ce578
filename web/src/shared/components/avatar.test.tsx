import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { sectionOf } from '../../../../test/web/content-fixtures.ts'
import { serveContent } from '../../../../test/web/network.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'

const portrait = (author: string) => screen.getByRole('img', { name: `Illustrated portrait of ${author}` })

describe('testimonial portraits', () => {
  it('are 56 px squares from the local image endpoint at 1x and 2x', async () => {
    const seed = await loadSeedContent()
    serveContent(seed)
    renderApp({ path: '/en', initialContent: seed })

    const img = portrait('Mariana Lopes')
    const src = img.getAttribute('src') ?? ''
    expect(src).toMatch(/^\/images\/local\/production\/[0-9a-f]{40}-400x400\.png\?w=56&h=56&fit=crop&auto=format$/)
    expect(img).toHaveAttribute('srcset', `${src} 1x, ${src.replace('w=56&h=56', 'w=112&h=112')} 2x`)
    expect(img).toHaveAttribute('width', '56')
    expect(img).toHaveAttribute('height', '56')
    expect(img).toHaveAttribute('loading', 'lazy')
  })

  it("crop to the editor's crop and hotspot", async () => {
    const seed = await loadSeedContent()
    const [first] = sectionOf(seed, 'testimonials').testimonials ?? []
    if (!first?.photo) throw new Error('the seed has a first testimonial with a photo')
    // The left half of the 400×400 portrait, and within it the square around a hotspot near the top.
    first.photo.crop = { _type: 'sanity.imageCrop', top: 0, bottom: 0, left: 0, right: 0.5 }
    first.photo.hotspot = { _type: 'sanity.imageHotspot', x: 0.25, y: 0.25, width: 0.1, height: 0.1 }
    serveContent(seed)
    renderApp({ path: '/en', initialContent: seed })

    expect(portrait('Mariana Lopes').getAttribute('src')).toMatch(/\?rect=0,0,200,200&w=56&h=56&fit=crop&auto=format$/)
  })
})
