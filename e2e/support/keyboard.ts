import type { Page } from '@playwright/test'

/** What a keyboard user must reach with Tab: links, enabled controls, what claims to be one, and what a page put in the tab order. */
const INTERACTIVE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [role="button"], [role="link"], [role="checkbox"], [role="switch"], [tabindex]:not([tabindex="-1"])'
/** How far outside its box an element's focus ring may be drawn (Chromium's own ring is outside). */
const RING = 2

type Box = { x: number; y: number; width: number; height: number }

/**
 * Walks the page with the Tab key once round, as a keyboard user does, and answers the interactive
 * elements of `within` it never reached, and those it reached without a visible focus: the element's
 * box (and a ring's width around it) drawn the same while it had focus as once nothing has focus,
 * animations stopped. A tab list's unselected tabs are reached with the arrow keys, not Tab (its
 * roving focus), so they are not expected here.
 */
export async function keyboardWalk(page: Page, within: string): Promise<{ unreached: string[]; invisible: string[] }> {
  const expected = await page.evaluate(
    ({ within, interactive }) => {
      const names: string[] = []
      for (const element of document.querySelectorAll<HTMLElement>(`${within} :is(${interactive})`)) {
        if (element.getClientRects().length === 0) continue
        if (element.getAttribute('role') === 'tab' && element.getAttribute('aria-selected') !== 'true') continue
        element.dataset['keyboardWalk'] = String(names.length)
        names.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
        )
      }
      return names
    },
    { within, interactive: INTERACTIVE },
  )
  /** The box of the element walked as `id` (or, without one, the focused element, which is then named), brought into view. */
  const boxOf = (id?: string) =>
    page.evaluate(
      ({ id, ring }) => {
        const element =
          id === undefined
            ? (document.activeElement as HTMLElement | null)
            : document.querySelector<HTMLElement>(`[data-keyboard-walk="${id}"]`)
        if (!element || element === document.body) return undefined
        // An element outside `within` is named too, so that reaching it twice ends the walk as well.
        element.dataset['keyboardWalk'] ??= `outside ${document.querySelectorAll('[data-keyboard-walk^="outside"]').length}`
        element.scrollIntoView({ block: 'nearest', inline: 'nearest' })
        const box = element.getBoundingClientRect()
        const clip = {
          x: Math.max(0, box.x - ring),
          y: Math.max(0, box.y - ring),
          width: box.width + 2 * ring,
          height: box.height + 2 * ring,
        }
        return { id: element.dataset['keyboardWalk'], clip }
      },
      { id, ring: RING },
    )
  const shoot = (clip: Box) => page.screenshot({ clip, animations: 'disabled' })

  // Once round with Tab: past the last element focus leaves the page, then comes back to its first;
  // the walk starts wherever focus was (a click sets where Tab starts) and ends on an element met again.
  const focusedShots = new Map<string, Buffer>()
  for (let step = 0; step < 500; step++) {
    await page.keyboard.press('Tab')
    const current = await boxOf()
    if (!current) continue
    if (focusedShots.has(current.id)) break
    focusedShots.set(current.id, await shoot(current.clip))
  }
  // Then each element drawn again with nothing focused: no neighbour's ring in its picture either.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const invisible: string[] = []
  for (const [id, focusedShot] of focusedShots) {
    if (id.startsWith('outside')) continue
    const box = await boxOf(id)
    if (box && (await shoot(box.clip)).equals(focusedShot)) invisible.push(expected[Number(id)] ?? id)
  }
  return { unreached: expected.filter((_name, index) => !focusedShots.has(String(index))), invisible }
}
