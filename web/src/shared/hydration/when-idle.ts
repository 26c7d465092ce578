/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest `timeoutMs` later),
 * so work the first paint does not need waits until after it. Returns a function that cancels it.
 * Where idle callbacks are unknown (Safari before 18.4, jsdom) the task runs on the next turn.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 0)
  return () => clearTimeout(id)
}
