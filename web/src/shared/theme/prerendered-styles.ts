import { __PRIVATE__ } from 'styled-components'

/**
 * The prerender's styled-components `<style>` as the browser keeps it. styled-components marks
 * its own live tag `data-styled="active"` and leaves such tags alone; a tag marked `true` (what
 * `ServerStyleSheet` writes) it would copy rule by rule into a new tag and then remove, which
 * makes the browser restyle and lay out the whole page once more while the script starts
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md).
 */
export const KEPT_STYLE_MARK = 'data-styled="active"'

/** `ServerStyleSheet`'s tags, marked for the browser to keep. */
export const keepPrerenderedStyles = (styleTags: string) => styleTags.replaceAll('data-styled="true"', KEPT_STYLE_MARK)

/** What styled-components writes after each component's rules: `data-styled.g3[id="sc-x"]{content:"a,b,"}`. */
const GROUP_MARKER = /data-styled\.g\d+\[id="([\w-]+)"\]\{content:"([^"]*)"\}/g

/**
 * Tells styled-components which class names the prerender's kept tag already styles, so that
 * hydrating the page inserts none of them again; rules the page needs later (an open menu, a
 * section that was empty) are inserted as usual, in a tag of its own right after the kept one.
 * Returns how many names it found.
 */
export function adoptPrerenderedStyles(root: ParentNode = document): number {
  const { mainSheet } = __PRIVATE__
  let adopted = 0
  for (const tag of root.querySelectorAll(`style[${KEPT_STYLE_MARK}]`)) {
    for (const [, componentId = '', names = ''] of (tag.textContent ?? '').matchAll(GROUP_MARKER)) {
      for (const name of names.split(',')) {
        if (!name) continue
        mainSheet.registerName(componentId, name)
        adopted++
      }
    }
  }
  return adopted
}
