import { beforeAll, describe, expect, it } from 'vitest'
import { localPublicConfig } from './shared/config/public-config.ts'
import { prepare, render, type RenderRequest } from './entry-server.tsx'

// What the page loads lazily is loaded before the first render, as the server does.
beforeAll(prepare)

const page = (path: string, preferredLocale: RenderRequest['preferredLocale'] = 'pt') =>
  render({ path, preferredLocale, content: undefined, config: localPublicConfig })

// The server keeps one prerender per page and language, not per address (server/site/page-cache.ts).
describe('the prerender of an address', () => {
  it('is the same for every address of a landing page', () => {
    expect(page('/en/', 'pt')).toEqual(page('/en', 'en'))
    expect(page('/', 'en')).toEqual(page('/', 'pt'))
  })

  it('is one 404 page per language for every unknown address, a sign-up page’s unrouted one included', () => {
    const portuguese = page('/made-up')
    expect(portuguese.status).toBe(404)
    expect(page('/a/b/c')).toEqual(portuguese)
    expect(page('/pt/made-up')).toEqual(portuguese)
    const english = page('/en/made-up')
    expect(english).not.toEqual(portuguese)
    expect(page('/made-up', 'en')).toEqual(english)
    expect(page('/en/confirm/')).toEqual(english)
  })
})
