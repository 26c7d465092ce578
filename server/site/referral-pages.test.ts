import { describe, expect, it } from 'vitest'
import { withoutPageScript } from './referral-pages.ts'

describe('withoutPageScript', () => {
  it('drops the landing page’s loader and keeps everything else, the styles’ nonce included', () => {
    const html = `<html><head><style nonce="n1">a{}</style></head><body><div id="root"><main>Place</main></div>
    <script nonce="slot" type="module">let loaded = false
const load = () => { import("/assets/index.js") }</script>
  </body></html>`
    const stripped = withoutPageScript(html)
    expect(stripped).not.toContain('<script')
    expect(stripped).not.toContain('/assets/index.js')
    expect(stripped).toContain('<style nonce="n1">a{}</style>')
    expect(stripped).toContain('<main>Place</main>')
  })
})
