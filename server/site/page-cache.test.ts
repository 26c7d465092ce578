import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import { localPublicConfig } from '../../web/src/shared/config/public-config.ts'
import { cachePages } from './page-cache.ts'
import type { PageRenderer } from './page-renderer.ts'

function countingRenderer() {
  const rendered: string[] = []
  const renderer: PageRenderer = {
    render: ({ path, preferredLocale }) => {
      rendered.push(`${preferredLocale} ${path}`)
      return { status: 200, html: `<p>${rendered.length}</p>`.repeat(100), sources: { script: [], style: [] } }
    },
  }
  return { renderer, rendered }
}

const content = {} as PageContent
const request = { path: '/', preferredLocale: 'pt', content, config: localPublicConfig } as const

describe('cachePages', () => {
  it('renders an address once while its content and settings stay the same', () => {
    const { renderer, rendered } = countingRenderer()
    const pages = cachePages(renderer)
    const first = pages.render(request)
    expect(pages.render(request)).toBe(first)
    expect(rendered).toEqual(['pt /'])
  })

  it('renders anew for new content, other settings, another page or another language', () => {
    const { renderer, rendered } = countingRenderer()
    const pages = cachePages(renderer)
    pages.render(request)
    pages.render({ ...request, content: {} as PageContent })
    pages.render({ ...request, config: { ...localPublicConfig } })
    pages.render({ ...request, config: { ...localPublicConfig, variants: ['hero.b'] } })
    pages.render({ ...request, path: '/en' })
    pages.render({ ...request, path: '/no-such-page' })
    pages.render({ ...request, path: '/no-such-page', preferredLocale: 'en' })
    expect(rendered).toEqual(['pt /', 'pt /', 'pt /', 'pt /', 'pt /en', 'pt /no-such-page', 'en /no-such-page'])
  })

  it('keeps one 404 page per language, whatever the unknown address, and the landing pages past any number of them', () => {
    const { renderer, rendered } = countingRenderer()
    const pages = cachePages(renderer)
    const landing = pages.render(request)
    const english = pages.render({ ...request, path: '/en' })
    for (let n = 0; n < 1000; n++) {
      pages.render({ ...request, path: `/made-up-${n}` })
      pages.render({ ...request, path: `/en/made-up-${n}/` })
    }
    expect(pages.render(request)).toBe(landing)
    expect(pages.render({ ...request, path: '/en/' })).toBe(english)
    // A sign-up page's address that its own routes did not take is not found, as entry-server.tsx renders it.
    pages.render({ ...request, path: '/en/confirm/' })
    expect(rendered).toEqual(['pt /', 'pt /en', 'pt /made-up-0', 'pt /en/made-up-0/'])
  })

  it('compresses a kept page once per encoding, for every reader after the first', async () => {
    const { renderer } = countingRenderer()
    const pages = cachePages(renderer)
    const page = pages.render(request)
    const [br, again] = await Promise.all([page.encoded('br'), pages.render(request).encoded('br')])
    expect(again).toBe(br)
    expect(brotliDecompressSync(br).toString()).toBe(page.html)
    expect(gunzipSync(await page.encoded('gzip')).toString()).toBe(page.html)
    expect(br.length).toBeLessThan(page.html.length / 10)
  })
})
