import { describe, expect, it } from 'vitest'
import { renderHeadTags } from './render-head-tags.ts'

describe('renderHeadTags', () => {
  it('writes the title, meta and link tags with every text escaped', () => {
    const html = renderHeadTags({
      title: 'Pulso <beta> & "more"',
      meta: [{ key: 'property', name: 'og:title', content: `It's "Pulso" <3` }],
      links: [{ rel: 'alternate', hreflang: 'en', href: 'https://pulso.example/en?a=1&b="2"' }],
    })
    expect(html.split('\n    ')).toEqual([
      '<title>Pulso &lt;beta&gt; &amp; &quot;more&quot;</title>',
      '<meta property="og:title" content="It&#39;s &quot;Pulso&quot; &lt;3">',
      '<link rel="alternate" hreflang="en" href="https://pulso.example/en?a=1&amp;b=&quot;2&quot;">',
    ])
  })
})
