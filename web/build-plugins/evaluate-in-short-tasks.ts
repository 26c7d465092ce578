import type { Plugin } from 'vite'

/** A top-level call of web/src/shared/hydration/task-break.ts, as the bundler writes it before minifying. */
const TOP_LEVEL_CALL = /^taskBreak\(\);$/gm

/**
 * The page's script evaluates in several short tasks instead of one long one
 * (docs/decisions/0054-script-evaluated-in-short-tasks.md): in the entry chunk, every top-level
 * `taskBreak()` becomes `await taskBreak()`, so what follows it evaluates in a later task.
 *
 * The await is added after the bundler has split the chunks: written in the sources, a top-level
 * await makes rolldown move every module the entry shares with a lazy chunk into chunks of their
 * own (rolldown issue #10632), five requests instead of one. The entry module being async changes
 * nothing else: it is imported once, by the loader (load-entry-after-paint.ts), and the lazy chunks
 * that import it load only after it has finished.
 */
export function evaluateInShortTasks(): Plugin {
  return {
    name: 'pulso:evaluate-in-short-tasks',
    apply: 'build',
    renderChunk(code, chunk) {
      if (!chunk.isEntry) return null
      if (!code.match(TOP_LEVEL_CALL)) {
        throw new Error(
          `evaluate-in-short-tasks: no top-level taskBreak() in ${chunk.fileName} (renamed by the bundler, or no module calls it)`,
        )
      }
      return { code: code.replace(TOP_LEVEL_CALL, 'await taskBreak();'), map: null }
    },
  }
}
