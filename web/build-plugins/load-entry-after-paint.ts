import type { Plugin } from 'vite'

/**
 * The page's script is requested once the prerendered page has painted, not while it is being
 * read: the HTML carries every word and style, so on a phone the text shows as soon as the HTML
 * is in, and the script (hydration, the form, the menus) follows at once. Without this the
 * browser fetches and runs the script before its first paint whenever it can, which puts the
 * whole bundle on the path to the first paint (docs/decisions/0026-script-after-first-paint.md).
 *
 * Vite writes `<script type="module" src="/assets/index-….js">` into index.html; this swaps it
 * for a small inline module that imports the same file once the browser reports the first
 * contentful paint as shown, or after `SAFETY_MS` if it never does (a hidden tab paints
 * nothing: there it loads at once). The dev server keeps Vite's own tag.
 */
const SAFETY_MS = 3_000

export function loadEntryAfterPaint(): Plugin {
  return {
    name: 'pulso:load-entry-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk }) {
        if (!chunk?.isEntry) throw new Error('load-entry-after-paint: no entry chunk for index.html')
        const src = `/${chunk.fileName}`
        const tag = `<script type="module" crossorigin src="${src}"></script>`
        if (!html.includes(tag)) throw new Error(`load-entry-after-paint: ${tag} is not in index.html`)
        const loader = `let loaded = false
const load = () => { if (!loaded) { loaded = true; import(${JSON.stringify(src)}) } }
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) load()
else {
  new PerformanceObserver((list) => { if (list.getEntriesByName('first-contentful-paint').length) setTimeout(load) }).observe({ type: 'paint', buffered: true })
  setTimeout(load, ${SAFETY_MS})
}`
        return {
          html: html.replace(tag, ''),
          tags: [{ tag: 'script', attrs: { type: 'module' }, children: loader, injectTo: 'body' }],
        }
      },
    },
  }
}
