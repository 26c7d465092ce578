import { expect, test } from '@playwright/test'
import { keyboardWalk } from './keyboard.ts'

// The keyboard walk the Launch tool's specs rely on, held to what it must see: a control drawn the
// same with focus and without, and one that claims to be a button but never takes focus.
test('the keyboard walk names a control without a visible focus, and one Tab never reaches', async ({ page }) => {
  await page.setContent(`<main>
    <button style="outline: none">Quiet</button> <button>Loud</button> <input aria-label="Field">
    <div role="button" aria-label="Unreachable">x</div> <span tabindex="0">Span</span>
  </main>`)
  expect(await keyboardWalk(page, 'main')).toEqual({ unreached: ['div "Unreachable"'], invisible: ['button "Quiet"'] })
})
