import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/** A top-level await of one task: what follows runs in a task of its own, after the browser's other work. */
export const YIELD_TO_BROWSER = 'await new Promise(setTimeout);'

/** A top-level statement that runs a CommonJS module (React, React DOM): `var import_x = require_x();`. */
const COMMONJS_REQUIRE = String.raw`var \w+ = (?:\/\* @__PURE__ \*\/ )?(?:__toESM\()?require_\w+\(\)\)?;\n`
/** The first run of such statements: where those modules are evaluated. */
const COMMONJS_REQUIRES = new RegExp(`^(?:${COMMONJS_REQUIRE})+`, 'm')
/** Rolldown's comment before the first module of the page's own code: neither a package nor one of its virtual modules. */
const OWN_CODE = /^\/\/ (?!\\0|\0)(?![^\n]*node_modules\/)[^\n]+\.(?:ts|tsx|js|jsx)$/m

/**
 * Where the entry chunk gets a top-level await of a task, so that the browser runs it in five
 * tasks instead of one (docs/decisions/0056-entry-evaluated-in-tasks.md): one where V8 finishes
 * the module it compiled while it streamed; then the CommonJS wrappers and stylis; React and React
 * DOM; the libraries (styled-components, SWR, the icons); the page's own modules. Read off the
 * chunk before minification, where rolldown still marks where each module begins; a chunk without
 * those marks fails the build rather than loading in one long task again.
 */
export function yieldPoints(code: string): number[] {
  const requires = COMMONJS_REQUIRES.exec(code)
  const ownCode = OWN_CODE.exec(code)
  if (!requires) throw new Error('evaluate-in-tasks: no top-level require of a CommonJS module in the entry chunk')
  if (!ownCode) throw new Error('evaluate-in-tasks: none of the page’s own modules in the entry chunk')
  const points = new Set([0, requires.index, requires.index + requires[0].length, ownCode.index])
  return [...points].sort((a, b) => a - b)
}

/** The browser build's entry chunk, evaluated in several tasks (`yieldPoints`). */
export function evaluateInTasks(): Plugin {
  return {
    name: 'pulso:evaluate-in-tasks',
    apply: 'build',
    renderChunk(code, chunk) {
      if (!chunk.isEntry) return null
      const split = new MagicString(code)
      for (const point of yieldPoints(code)) split.appendLeft(point, `${YIELD_TO_BROWSER}\n`)
      return { code: split.toString(), map: split.generateMap({ hires: true }) }
    },
  }
}
