import { describe, expect, it } from 'vitest'
import { staticCopyOf } from './static-reference.ts'

describe('the static copy of a prerendered page', () => {
  const page = [
    '<!doctype html><html><head><style>main{}</style>',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<script id="pulso-config" type="application/json">{"a":1}</script>',
    '</head><body><main><h1>Olá</h1><script type="application/ld+json">{"@type":"FAQPage"}</script></main></body></html>',
  ].join('\n')

  it('keeps the markup, styles and structured data, and nothing that runs', () => {
    const copy = staticCopyOf(page)
    expect(copy).toContain('<style>main{}</style>')
    expect(copy).toContain('<h1>Olá</h1>')
    expect(copy).toContain('<script type="application/ld+json">{"@type":"FAQPage"}</script>')
    expect(copy).not.toMatch(/modulepreload|index-1\.js|pulso-config/)
  })
})
