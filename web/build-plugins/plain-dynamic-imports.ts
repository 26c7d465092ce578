import type { Plugin } from 'vite'

/** The module Vite wraps every dynamic import of the browser's build in (`__vitePreload`). */
const PRELOAD_HELPER = '\0vite/preload-helper.js'

/**
 * Vite's preload helper, cut down to what this build asks of it. With `build.modulePreload: false`
 * its one remaining job is to link the stylesheets a lazily loaded chunk imports (ALTCHA's, the
 * preview's) before importing it; for that Vite keeps 1.5 KB of code in the first script,
 * called with no dependencies at every other dynamic import (vitejs/vite#13952, #18551). Here each
 * stylesheet is linked once and waited for (a stylesheet that fails to load does not stop the
 * import, as with Vite's), then the chunk is imported: 410 bytes less once compressed
 * (docs/decisions/0057-one-byte-script-text.md).
 */
export function plainDynamicImports(): Plugin {
  let base = '/'
  return {
    name: 'pulso:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base
    },
    load(id) {
      if (id !== PRELOAD_HELPER) return null
      return `const linked = {}
export const __vitePreload = (load, stylesheets = []) =>
  Promise.all(
    stylesheets.map((href) =>
      (linked[href] ??= new Promise((settle) =>
        document.head.append(
          Object.assign(document.createElement('link'), { rel: 'stylesheet', href: ${JSON.stringify(base)} + href, onload: settle, onerror: settle }),
        ),
      )),
    ),
  ).then(load)`
    },
  }
}
