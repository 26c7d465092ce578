// What hydrating the prerendered page costs the browser (docs/decisions/0040-no-long-task-while-the-page-loads.md):
// it keeps the server's styles as they are, and brings in the sections one at a time.
import { expect, test } from '@playwright/test'
import { copy, langs } from './support/copy.ts'
import { gotoHydrated } from './support/page.ts'

for (const lang of langs) {
  test(`${copy[lang].path} hydrates without styling itself again`, async ({ page }) => {
    // Every change to the page's style sheets: each one makes the browser restyle what it matches.
    await page.addInitScript(() => {
      const changes: string[] = []
      Object.defineProperty(window, '__styleChanges', { value: changes })
      const { insertRule } = CSSStyleSheet.prototype
      CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
        changes.push(`insertRule ${rule.slice(0, 40)}`)
        return insertRule.call(this, rule, index)
      }
      const styleElements = new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.nodeName === 'STYLE') changes.push('style added')
          for (const node of record.removedNodes) if (node.nodeName === 'STYLE') changes.push('style removed')
        }
      })
      // From the end of parsing, which wrote the server's own: the page's script runs after it.
      document.addEventListener('DOMContentLoaded', () => styleElements.observe(document, { childList: true, subtree: true }))
    })

    await gotoHydrated(page, copy[lang].path)

    expect(await page.evaluate(() => (window as unknown as { __styleChanges: string[] }).__styleChanges)).toEqual([])
  })
}
