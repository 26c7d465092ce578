import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineSources } from './inline-sources.ts'

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineSources', () => {
  it('hashes the scripts a browser runs and every style, as their text stands in the page', () => {
    const loader = "import('/assets/index-abc.js')"
    const html = [
      '<head><style>body{margin:0}</style>',
      '<style data-styled="active" data-styled-version="6.6.0">.a{color:red}</style>',
      '<script id="public-config" type="application/json">{"a":"\\u003c/script>"}</script></head>',
      `<body><script type="module">${loader}</script>`,
      '<script type="module" crossorigin src="/assets/entry.js"></script></body>',
    ].join('\n')
    expect(inlineSources(html)).toEqual({
      script: [hash(loader)],
      style: [hash('body{margin:0}'), hash('.a{color:red}'), hash('')],
    })
  })

  it('names a hash once however often its text appears, and always allows an empty style', () => {
    const html = '<style>p{}</style><style>p{}</style><script>go()</script><script>go()</script>'
    expect(inlineSources(html)).toEqual({ script: [hash('go()')], style: [hash('p{}'), hash('')] })
  })
})
