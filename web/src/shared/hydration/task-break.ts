/**
 * Called at the top of a module, marks where the evaluation of the page's script may end its task:
 * the build awaits each call (web/build-plugins/evaluate-in-short-tasks.ts), so the modules after
 * it evaluate in a later task and the browser can paint and answer in between
 * (docs/decisions/0054-script-evaluated-in-short-tasks.md). Unawaited (the prerender, tests, the
 * dev server) it only sets a timer that resolves nothing anybody waits for.
 */
export function taskBreak(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve))
}
